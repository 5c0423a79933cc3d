package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.entity.AgentChains;
import io.reveille.notification.control.Cause;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class ChainBreakerTest {

  private final ChainBreaker breaker = new ChainBreaker(3);

  private static Cause chain(String... agents) {
    var cause = Cause.NONE;
    for (var agent : agents) {
      cause = cause.next(agent);
    }
    return cause;
  }

  @Test
  void aBatchNoAgentsRunLedToIsNeverRefused() {
    assertEquals(Optional.empty(), breaker.refusal(Cause.NONE, "a", AgentChains.defaults()));
  }

  @Test
  void aChainDeeperThanTheServersLimitIsRefused() {
    assertEquals(
        Optional.empty(), breaker.refusal(chain("a", "b", "c"), "d", AgentChains.defaults()));

    var refusal = breaker.refusal(chain("a", "b", "c", "e"), "d", AgentChains.defaults());

    assertEquals(
        Optional.of(
            "chain too deep: 4 agent runs in a row led to this wake, at most 3 may"
                + " (reveille.chains.max-hops)"),
        refusal);
  }

  @Test
  void anAgentMayLowerTheLimitButNotRaiseIt() {
    var lower = AgentChains.of(OptionalInt.of(1), false);
    var higher = AgentChains.of(OptionalInt.of(10), false);

    assertTrue(
        breaker
            .refusal(chain("a", "b"), "d", lower)
            .orElseThrow()
            .endsWith("(config.chains.maxHops)"));
    assertTrue(breaker.refusal(chain("a", "b", "c", "e"), "d", higher).isPresent());
  }

  @Test
  void aChainThatComesBackIsRefusedUnlessTheAgentAllowsCycles() {
    var back = chain("a", "b");

    assertTrue(
        breaker
            .refusal(back, "a", AgentChains.defaults())
            .orElseThrow()
            .startsWith("chain came back"));
    assertEquals(
        Optional.empty(), breaker.refusal(back, "a", AgentChains.of(OptionalInt.empty(), true)));
  }

  @Test
  void theServersLimitIsBounded() {
    assertThrows(IllegalArgumentException.class, () -> new ChainBreaker(0));
    assertThrows(IllegalArgumentException.class, () -> new ChainBreaker(1001));
  }
}
