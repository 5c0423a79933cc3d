package io.reveille.security.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import org.junit.jupiter.api.Test;

class EdgeRulesTest {

  private final EdgeRules rules =
      new EdgeRules(1000, EdgeRules.LOOPBACK_HOSTS, Set.of("https://console.example.com"));

  @Test
  void onlyTheConfiguredHostNamesAreAnsweredWhateverThePort() {
    assertEquals(Optional.empty(), rules.unknownHost("localhost:9080"));
    assertEquals(Optional.empty(), rules.unknownHost("127.0.0.1"));
    assertEquals(Optional.empty(), rules.unknownHost("[::1]:9443"));
    assertEquals(Optional.empty(), rules.unknownHost("LOCALHOST:9080"));
    assertTrue(rules.unknownHost("evil.example:9080").isPresent(), "a rebound name");
    assertTrue(rules.unknownHost(null).isPresent());
    assertTrue(rules.unknownHost("localhost/../x").isPresent());
    assertTrue(rules.unknownHost("localhost@evil.example").isPresent());
    var any = new EdgeRules(1000, EdgeRules.list(" * "), Set.of());
    assertEquals(Optional.empty(), any.unknownHost("anything.example"));
  }

  @Test
  void aDeclaredBodyOverTheLimitIsRefused() {
    assertEquals(Optional.empty(), rules.bodyTooLarge(OptionalLong.of(1000)));
    assertEquals(Optional.empty(), rules.bodyTooLarge(OptionalLong.empty()));
    assertTrue(rules.bodyTooLarge(OptionalLong.of(1001)).orElseThrow().contains("at most 1000"));
  }

  @Test
  void aChangeFromAnotherOriginIsRefusedButReadsAndTheServersOwnPagesAreNot() {
    assertEquals(
        Optional.empty(),
        rules.crossSiteChange("GET", "https://evil.example", null, "h:1", "http"));
    assertEquals(
        Optional.empty(), rules.crossSiteChange("POST", "http://h:1", null, "h:1", "http"));
    assertEquals(
        Optional.empty(),
        rules.crossSiteChange("DELETE", "https://console.example.com", null, "h:1", "http"));
    assertEquals(Optional.empty(), rules.crossSiteChange("POST", null, null, "h:1", "http"));
    assertTrue(
        rules.crossSiteChange("POST", "https://evil.example", null, "h:1", "http").isPresent());
    assertTrue(rules.crossSiteChange("PATCH", "null", null, "h:1", "http").isPresent());
    assertTrue(rules.crossSiteChange("PUT", null, "cross-site", "h:1", "http").isPresent());
  }
}
