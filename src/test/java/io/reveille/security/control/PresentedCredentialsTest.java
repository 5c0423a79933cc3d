package io.reveille.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class PresentedCredentialsTest {

  private static String basic(String pair) {
    return "Basic " + Base64.getEncoder().encodeToString(pair.getBytes(StandardCharsets.UTF_8));
  }

  @Test
  void basicCarriesUserAndPasswordAndThePasswordMayHoldColons() {
    var parsed = PresentedCredentials.parse(basic("alice:pa:ss wörd"));
    assertEquals(new PresentedCredentials.Basic("alice", "pa:ss wörd"), parsed);
    assertFalse(parsed.toString().contains("pa:ss"), "toString never shows the password");
  }

  @Test
  void theSchemeIsCaseInsensitiveAndABearerTokenIsKeptWhole() {
    assertEquals(
        new PresentedCredentials.Bearer("a.b.c"), PresentedCredentials.parse("bearer a.b.c"));
    assertInstanceOf(PresentedCredentials.Basic.class, PresentedCredentials.parse(basic("a:b")));
    assertFalse(PresentedCredentials.parse("Bearer secret.token.x").toString().contains("secret"));
  }

  @Test
  void everyMalformedHeaderSaysWhatIsWrongWithoutEchoingIt() {
    for (var header :
        new String[] {
          "Basic",
          "Digest abc",
          "Basic !!!notbase64",
          basic("no-colon"),
          "Basic " + Base64.getEncoder().encodeToString(new byte[] {(byte) 0xff, ':', 'x'}),
          "Bearer a b",
          "Bearer " + "x".repeat(PresentedCredentials.MAX_HEADER_LENGTH)
        }) {
      var parsed = PresentedCredentials.parse(header);
      var malformed = assertInstanceOf(PresentedCredentials.Malformed.class, parsed, header);
      assertFalse(malformed.reason().contains("notbase64"), malformed.reason());
    }
  }
}
