package io.reveille.run.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.reveille.platform.error.InvalidInputException;
import io.reveille.wake.entity.WakeReason;
import io.reveille.wake.entity.WakeStatus;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class RunFilterTest {

  @Test
  void blankParametersFilterNothing() {
    var filter = RunFilter.parse(null, "", " ", null, "");
    assertEquals(
        new RunFilter(
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty(),
            Optional.empty()),
        filter);
  }

  @Test
  void parametersParseByTheirWireNames() {
    var filter =
        RunFilter.parse(
            "a-1", "failed", "timerCatchup", "2026-11-26T00:00:00Z", "2026-11-27T00:00:00Z");
    assertEquals(Optional.of("a-1"), filter.agentId());
    assertEquals(Optional.of(WakeStatus.FAILED), filter.status());
    assertEquals(Optional.of(WakeReason.TIMER_CATCHUP), filter.reason());
    assertEquals(Optional.of(Instant.parse("2026-11-26T00:00:00Z")), filter.from());
  }

  @Test
  void aBadParameterIsRefusedByName() {
    assertField("status", () -> RunFilter.parse(null, "sleeping", null, null, null));
    assertField("reason", () -> RunFilter.parse(null, null, "boredom", null, null));
    assertField("from", () -> RunFilter.parse(null, null, null, "yesterday", null));
    assertField("to", () -> RunFilter.parse(null, null, null, null, "2026-11-26"));
    assertField(
        "from",
        () -> RunFilter.parse(null, null, null, "2026-11-26T10:00:00Z", "2026-11-26T10:00:00Z"));
    assertField("agentId", () -> RunFilter.parse("a".repeat(65), null, null, null, null));
  }

  private static void assertField(String field, Runnable parse) {
    var e = assertThrows(InvalidInputException.class, parse::run);
    assertEquals(field, e.getField(), e.getMessage());
  }
}
