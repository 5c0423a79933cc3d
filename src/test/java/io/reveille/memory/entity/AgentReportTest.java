package io.reveille.memory.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.json.JsonObjectConverter;
import jakarta.json.Json;
import jakarta.json.JsonValue;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class AgentReportTest {

  private static final Instant T0 = Instant.parse("2026-11-02T08:00:00Z");

  @Test
  void reportKeepsContentConfidenceAndProvenance() {
    var provenance = Json.createObjectBuilder().add("runKey", "rk-1").build();
    var report = new AgentReport("r-1", "agent-1", "current", "# Status", 0.75, provenance, T0);
    assertEquals("current", report.getScope());
    assertEquals("# Status", report.getContent());
    assertEquals(0.75, report.getConfidence());
    assertEquals(provenance, report.getProvenance());
    assertEquals(T0, report.getCreatedAt());
  }

  @Test
  void reportWithoutConfidenceOrProvenanceHasNullConfidenceAndEmptyProvenance() {
    var report = new AgentReport("r-1", "agent-1", "current", "", null, null, T0);
    assertNull(report.getConfidence());
    assertEquals(JsonValue.EMPTY_JSON_OBJECT, report.getProvenance());
  }

  @Test
  void confidenceOutsideZeroToOneIsRefused() {
    for (var confidence : new double[] {-0.01, 1.01, Double.NaN}) {
      var error =
          assertThrows(
              InvalidInputException.class,
              () -> new AgentReport("r-1", "agent-1", "current", "x", confidence, null, T0));
      assertEquals("confidence", error.getField());
    }
  }

  @Test
  void reportNeedsContentAndAScope() {
    assertEquals(
        "content",
        assertThrows(
                InvalidInputException.class,
                () -> new AgentReport("r-1", "agent-1", "current", null, null, null, T0))
            .getField());
    assertEquals(
        "scope",
        assertThrows(
                InvalidInputException.class,
                () -> new AgentReport("r-1", "agent-1", "s".repeat(65), "x", null, null, T0))
            .getField());
  }

  @Test
  void provenanceIsStoredAsJsonText() {
    var converter = new JsonObjectConverter();
    var provenance = Json.createObjectBuilder().add("from", "m-1").add("to", "m-9").build();
    assertEquals(
        provenance,
        converter.convertToEntityAttribute(converter.convertToDatabaseColumn(provenance)));
    assertNull(converter.convertToEntityAttribute(null));
  }

  @Test
  void headMovesToANewerReport() {
    var head = new AgentReportHead("h-1", "agent-1", "current", "r-1", T0);
    head.pointTo("r-2", T0.plusSeconds(60));
    assertEquals("r-2", head.getReportId());
    assertEquals(T0.plusSeconds(60), head.getUpdatedAt());
  }

  @Test
  void headRefusesToPointAtNothing() {
    var head = new AgentReportHead("h-1", "agent-1", "current", "r-1", T0);
    assertEquals(
        "reportId",
        assertThrows(InvalidInputException.class, () -> head.pointTo(" ", T0)).getField());
    assertEquals("r-1", head.getReportId());
  }
}
