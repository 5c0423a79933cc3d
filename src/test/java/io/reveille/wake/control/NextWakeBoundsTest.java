package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.entity.AgentKind;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class NextWakeBoundsTest {

  private static NextWakeBounds of(Map<String, String> settings) {
    return new NextWakeBounds(key -> Optional.ofNullable(settings.get(key)));
  }

  @Test
  void aMinuteToThirtyDaysUnlessSetAndEachKindMaySetItsOwn() {
    var bounds =
        of(
            Map.of(
                "reveille.wake.next-wake.max-seconds", "86400",
                "reveille.wake.next-wake.dayPlanner.min-seconds", "3600"));

    assertEquals(
        new NextWakeBounds.Bounds(Duration.ofSeconds(60), Duration.ofDays(1)),
        bounds.of(AgentKind.CUSTOM));
    assertEquals(
        new NextWakeBounds.Bounds(Duration.ofHours(1), Duration.ofDays(1)),
        bounds.of(AgentKind.DAY_PLANNER));
    assertEquals(
        new NextWakeBounds.Bounds(Duration.ofMinutes(1), Duration.ofDays(30)),
        of(Map.of()).of(AgentKind.TASK_AGENT));
  }

  @Test
  void aBadSettingStopsTheStartNamingItsKey() {
    for (var bad :
        Map.of(
                "reveille.wake.next-wake.min-seconds", "0",
                "reveille.wake.next-wake.max-seconds", "99999999",
                "reveille.wake.next-wake.custom.max-seconds", "soon")
            .entrySet()) {
      var error =
          assertThrows(
              IllegalArgumentException.class, () -> of(Map.of(bad.getKey(), bad.getValue())));
      assertTrue(error.getMessage().startsWith(bad.getKey()), error::getMessage);
    }
    var crossed =
        assertThrows(
            IllegalArgumentException.class,
            () ->
                of(
                    Map.of(
                        "reveille.wake.next-wake.taskAgent.min-seconds",
                        "7200",
                        "reveille.wake.next-wake.taskAgent.max-seconds",
                        "3600")));
    assertTrue(crossed.getMessage().contains("must not be above"), crossed::getMessage);
  }
}
