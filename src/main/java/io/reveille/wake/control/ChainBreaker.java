package io.reveille.wake.control;

import io.reveille.agent.entity.AgentChains;
import io.reveille.notification.control.Cause;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Stops agents that wake each other: a batch that runs of agents made in a row carries that chain
 * ({@link Cause}), and a wake it would cause is refused when the chain is deeper than {@value
 * #MAX_HOPS_PROPERTY} (or the agent's own {@code config.chains.maxHops}, which may only lower it),
 * or when it already went through the agent it would wake, unless that agent allows cycles. A
 * person's or another system's batch carries no chain and is never refused here.
 */
@ApplicationScoped
public class ChainBreaker {

  public static final String MAX_HOPS_PROPERTY = "reveille.chains.max-hops";

  private int maxHops;

  ChainBreaker() {}

  /** Created at start-up, so that a bad setting stops the deployment with its key. */
  void onStartup(@Observes Startup event) {
    // Touching the bean runs its constructor now rather than at the first use.
  }

  @Inject
  ChainBreaker(@ConfigProperty(name = MAX_HOPS_PROPERTY, defaultValue = "8") int maxHops) {
    if (maxHops < 1 || maxHops > AgentChains.MAX_HOPS_LIMIT) {
      throw new IllegalArgumentException(
          MAX_HOPS_PROPERTY
              + " must be between 1 and "
              + AgentChains.MAX_HOPS_LIMIT
              + ", was "
              + maxHops);
    }
    this.maxHops = maxHops;
  }

  /** The server's hop limit. */
  public int maxHops() {
    return maxHops;
  }

  /**
   * Why a batch with {@code cause} must not wake {@code agentId}, whose chain settings are {@code
   * chains}; empty when it may.
   */
  public Optional<String> refusal(Cause cause, String agentId, AgentChains chains) {
    if (cause.isNone()) {
      return Optional.empty();
    }
    var limit = Math.min(maxHops, chains.maxHops().orElse(maxHops));
    if (cause.hops() > limit) {
      return Optional.of(
          "chain too deep: "
              + cause.hops()
              + " agent runs in a row led to this wake, at most "
              + limit
              + " may ("
              + (limit < maxHops ? "config.chains.maxHops" : MAX_HOPS_PROPERTY)
              + ")");
    }
    if (!chains.allowCycles() && cause.passedThrough(agentId)) {
      return Optional.of(
          "chain came back: this agent already ran in the chain of "
              + cause.hops()
              + " agent runs that led to this wake (config.chains.allowCycles is false)");
    }
    return Optional.empty();
  }
}
