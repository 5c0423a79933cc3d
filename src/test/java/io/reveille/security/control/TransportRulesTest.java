package io.reveille.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.security.control.TransportRules.PlainHttpBasic;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TransportRulesTest {

  private static final String BASIC = "Basic YWRtaW46c2VjcmV0";
  private static final long YEAR = 31_536_000;

  @Test
  void httpsResponsesCarryStrictTransportSecurityAndPlainHttpOnesDoNot() {
    var rules = new TransportRules(PlainHttpBasic.AUTO, false, YEAR);
    assertEquals(Optional.of("max-age=31536000"), rules.strictTransportSecurity(true));
    assertEquals(Optional.empty(), rules.strictTransportSecurity(false));
    assertEquals(
        Optional.of("max-age=0"),
        new TransportRules(PlainHttpBasic.AUTO, false, 0).strictTransportSecurity(true));
    assertThrows(
        IllegalArgumentException.class, () -> new TransportRules(PlainHttpBasic.AUTO, false, -1));
  }

  @Test
  void withTheOperatorsKeyStoreBasicOverPlainHttpIsRefusedWithTheWayOut() {
    var rules = new TransportRules(PlainHttpBasic.AUTO, true, YEAR);
    assertTrue(rules.refusesPlainBasic());
    var refusal = rules.plainHttpBasic(false, BASIC);
    assertTrue(refusal.isPresent());
    assertTrue(refusal.get().contains("HTTPS"), refusal.get());
    assertTrue(refusal.get().contains("reveille.http.plain-http-basic=allowed"), refusal.get());
    assertTrue(rules.plainHttpBasic(false, "  basic\tnot-even-base64").isPresent());
    assertTrue(rules.plainHttpBasic(false, "BASIC " + BASIC.substring(6)).isPresent());

    assertEquals(Optional.empty(), rules.plainHttpBasic(true, BASIC), "over HTTPS");
    assertEquals(Optional.empty(), rules.plainHttpBasic(false, "Bearer abc.def.ghi"));
    assertEquals(Optional.empty(), rules.plainHttpBasic(false, "Basically"));
    assertEquals(Optional.empty(), rules.plainHttpBasic(false, null));
  }

  @Test
  void onTheGeneratedKeyStoreBasicOverPlainHttpIsAcceptedUnlessRefusedExplicitly() {
    assertEquals(
        Optional.empty(),
        new TransportRules(PlainHttpBasic.AUTO, false, YEAR).plainHttpBasic(false, BASIC));
    assertTrue(
        new TransportRules(PlainHttpBasic.REFUSED, false, YEAR)
            .plainHttpBasic(false, BASIC)
            .isPresent());
    assertEquals(
        Optional.empty(),
        new TransportRules(PlainHttpBasic.ALLOWED, true, YEAR).plainHttpBasic(false, BASIC),
        "explicitly allowed");
  }

  @Test
  void theSettingTakesItsThreeValuesInAnyCaseAndNamesThemOtherwise() {
    assertEquals(PlainHttpBasic.ALLOWED, PlainHttpBasic.parse(" Allowed "));
    assertEquals(PlainHttpBasic.REFUSED, PlainHttpBasic.parse("refused"));
    var wrong = assertThrows(IllegalArgumentException.class, () -> PlainHttpBasic.parse("yes"));
    assertTrue(wrong.getMessage().contains("auto, allowed or refused"), wrong.getMessage());
  }

  @Test
  void tlsIsConfiguredWhenTheKeyStoreIsNotTheOneGeneratedInTheDataDirectory() {
    var data = Optional.of("/var/lib/reveille");
    assertFalse(
        TransportRules.operatorKeyStore(Optional.of("/var/lib/reveille/security/key.p12"), data));
    assertFalse(
        TransportRules.operatorKeyStore(
            Optional.of("/var/lib/reveille/./security/../security/key.p12"), data));
    assertTrue(TransportRules.operatorKeyStore(Optional.of("/etc/reveille/tls.p12"), data));
    assertTrue(
        TransportRules.operatorKeyStore(Optional.of("/etc/reveille/tls.p12"), Optional.empty()));
    assertFalse(TransportRules.operatorKeyStore(Optional.empty(), data));
    assertFalse(TransportRules.operatorKeyStore(Optional.of("  "), data));
    assertFalse(
        TransportRules.operatorKeyStore(Optional.of("${reveille.data.dir}/security/key.p12"), data),
        "an unresolved default is the generated one");
  }
}
