package io.reveille.tool.control.external;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A circuit breaker per external tool, keyed by the tool's name.
 *
 * <p>Why not MicroProfile Fault Tolerance's {@code @CircuitBreaker}: its state belongs to the
 * annotated method, so every external tool would share one breaker and a failing provider would cut
 * off the healthy ones; neither the specification nor Liberty's implementation names breakers at
 * run time. This one is small: after {@code failureThreshold} failures in a row the tool's breaker
 * opens for {@code openFor}; then one trial call is let through (half open), whose success closes
 * it and whose failure opens it again. A failure is an answer that says the provider is unwell
 * (5xx, 429) or no answer at all; a 4xx is the caller's fault and counts as a success.
 */
public final class ToolBreakers {

  private final Clock clock;
  private final int failureThreshold;
  private final Duration openFor;
  private final ConcurrentHashMap<String, State> states = new ConcurrentHashMap<>();

  private record State(int failures, Instant openUntil, boolean trialOut) {
    static final State CLOSED = new State(0, Instant.MIN, false);
  }

  public ToolBreakers(Clock clock, int failureThreshold, Duration openFor) {
    if (failureThreshold < 1) {
      throw new IllegalArgumentException("failureThreshold must be at least 1");
    }
    if (openFor.isNegative() || openFor.isZero()) {
      throw new IllegalArgumentException("openFor must be positive");
    }
    this.clock = clock;
    this.failureThreshold = failureThreshold;
    this.openFor = openFor;
  }

  /**
   * Whether a call of {@code tool} may be sent now; when the open period is over, lets exactly one
   * trial through until its outcome is recorded.
   */
  public boolean allow(String tool) {
    var now = clock.instant();
    var allowed = new boolean[1];
    states.compute(
        tool,
        (name, state) -> {
          var current = state == null ? State.CLOSED : state;
          if (current.failures < failureThreshold) {
            allowed[0] = true;
            return current;
          }
          if (now.isBefore(current.openUntil) || current.trialOut) {
            allowed[0] = false;
            return current;
          }
          allowed[0] = true;
          return new State(current.failures, current.openUntil, true);
        });
    return allowed[0];
  }

  /** The provider answered as a healthy one does: the breaker closes. */
  public void success(String tool) {
    states.put(tool, State.CLOSED);
  }

  /** The provider failed: one more in a row; at the threshold the breaker opens. */
  public void failure(String tool) {
    var now = clock.instant();
    states.compute(
        tool,
        (name, state) -> {
          var failures = (state == null ? 0 : state.failures) + 1;
          return failures >= failureThreshold
              ? new State(failures, now.plus(openFor), false)
              : new State(failures, Instant.MIN, false);
        });
  }

  /** Whether the tool's breaker refuses calls now (for the health of a tool, and tests). */
  public boolean isOpen(String tool) {
    var state = states.getOrDefault(tool, State.CLOSED);
    return state.failures >= failureThreshold
        && (clock.instant().isBefore(state.openUntil) || state.trialOut);
  }

  /**
   * Sends through {@code tool}'s breaker: nothing while it is open; an answer that is not a
   * provider failure counts as a success, a provider failure, a lost answer or a refused connection
   * as a failure.
   */
  public ExternalExchange guarded(String tool, java.util.function.Supplier<ExternalExchange> send) {
    if (!allow(tool)) {
      return new ExternalExchange.NotSent(
          "the circuit breaker of " + tool + " is open", ExternalExchange.Refusal.BREAKER_OPEN);
    }
    var exchange = send.get();
    if (exchange instanceof ExternalExchange.Answered answered && !answered.isProviderFailure()) {
      success(tool);
    } else if (!(exchange instanceof ExternalExchange.NotSent notSent)
        || notSent.refusal() == ExternalExchange.Refusal.CONNECTION) {
      failure(tool);
    }
    return exchange;
  }
}
