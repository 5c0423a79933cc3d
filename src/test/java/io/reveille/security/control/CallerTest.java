package io.reveille.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.Set;
import org.junit.jupiter.api.Test;

class CallerTest {

  @Test
  void listedPrincipalsAreTrimmedAndKeepTheirCase() {
    var listed = Caller.listed(" Feeder , https://idp.example/#Ab3,, ");
    assertEquals(Set.of("Feeder", "https://idp.example/#Ab3"), listed);
    assertFalse(listed.contains("feeder"), "a name is matched in its own case only");
    assertFalse(listed.contains("https://idp.example/#ab3"));
  }
}
