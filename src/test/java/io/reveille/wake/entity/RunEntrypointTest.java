package io.reveille.wake.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class RunEntrypointTest {

  @Test
  void eachReasonHasTheDoorItUsuallyComesThrough() {
    assertEquals(RunEntrypoint.NOTIFICATION, RunEntrypoint.of(WakeReason.SUBSCRIPTION));
    assertEquals(RunEntrypoint.TIMER, RunEntrypoint.of(WakeReason.TIMER));
    assertEquals(RunEntrypoint.TIMER, RunEntrypoint.of(WakeReason.TIMER_CATCHUP));
    assertEquals(RunEntrypoint.SESSION, RunEntrypoint.of(WakeReason.USER_INITIATED));
    assertEquals(RunEntrypoint.AGENT, RunEntrypoint.of(WakeReason.SCHEDULED));
    assertEquals(RunEntrypoint.SYSTEM, RunEntrypoint.of(WakeReason.MANUAL));
    assertEquals(RunEntrypoint.SYSTEM, RunEntrypoint.of(WakeReason.RECOVERY));
  }

  @Test
  void aRunsMakerNamesTheDoorWhenTheReasonHasTwo() {
    var entry =
        new WakeRunLogEntry(
            "run-1",
            "agent-1",
            WakeReason.MANUAL,
            null,
            "agent-1:run:run-1",
            List.of(),
            null,
            Instant.EPOCH);
    assertEquals(RunEntrypoint.SYSTEM, entry.getEntrypoint().orElseThrow());
    entry.enteredThrough(RunEntrypoint.API);
    assertEquals(RunEntrypoint.API, entry.getEntrypoint().orElseThrow());
  }
}
