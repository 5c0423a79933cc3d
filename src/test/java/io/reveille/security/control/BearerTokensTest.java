package io.reveille.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.TestIdentities;
import java.time.Clock;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class BearerTokensTest {

  private final BearerTokens tokens = new BearerTokens();

  BearerTokensTest() {
    tokens.clock = Clock.systemUTC();
    tokens.publicKey = Optional.of(TestIdentities.publicKeyPem());
    tokens.location = Optional.empty();
    tokens.issuer = Optional.of(TestIdentities.ISSUER);
    tokens.audiences = Optional.of(" " + TestIdentities.AUDIENCE + " , other ");
    tokens.algorithm = "RS256";
    tokens.clockSkewSeconds = 60;
  }

  @Test
  void theDocumentedSettingsVerifyTokensForTheirAudience() throws Exception {
    tokens.load();
    var caller = tokens.verifier().orElseThrow().verify(TestIdentities.token("ann").compact());
    assertEquals(TestIdentities.ISSUER + "#ann", caller.name());
  }

  @Test
  void aKeyWithoutAnAudienceStopsTheStartNamingTheSetting() {
    for (var unset : new String[] {null, "", " , "}) {
      tokens.audiences = Optional.ofNullable(unset);
      var refused = assertThrows(IllegalStateException.class, tokens::load);
      assertEquals(
          "mp.jwt.verify.audiences (MP_JWT_VERIFY_AUDIENCES) must be set when a token"
              + " verification key is",
          refused.getMessage());
    }
  }

  @Test
  void aKeyLocationOverPlainHttpStopsTheStart() {
    tokens.publicKey = Optional.empty();
    tokens.location = Optional.of("http://127.0.0.1:1/.well-known/jwks.json");
    var refused = assertThrows(IllegalStateException.class, tokens::load);
    assertTrue(
        refused.getMessage().startsWith("mp.jwt.verify.publickey.location must be an https: URL")
            && refused.getMessage().contains("not a http: URL"),
        refused.getMessage());
  }

  @Test
  void withoutAKeyNoTokenIsAcceptedAndNothingElseIsRequired() {
    tokens.publicKey = Optional.empty();
    tokens.issuer = Optional.empty();
    tokens.audiences = Optional.empty();
    tokens.load();
    assertTrue(tokens.verifier().isEmpty());
  }
}
