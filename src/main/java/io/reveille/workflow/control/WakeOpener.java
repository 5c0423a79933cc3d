package io.reveille.workflow.control;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.entity.Agent;
import io.reveille.inference.control.InferenceUnavailableException;
import io.reveille.inference.control.ModelChoice;
import io.reveille.wake.control.WakeRun;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * How every agent workflow opens a wake: it loads the agent the wake is for and asks {@link
 * ModelChoice} which {@link Engine} thinks for it.
 */
@ApplicationScoped
public class WakeOpener {

  @Inject AgentService agents;
  @Inject ModelChoice models;

  /** The agent a wake is for, and the engine that thinks for it on this wake. */
  public record Opening(Agent agent, Engine engine) {}

  /**
   * Opens {@code run}'s wake.
   *
   * @throws InferenceUnavailableException when the agent is to use the endpoint and none (or no
   *     model) is configured
   */
  public Opening open(WakeRun run) {
    var agent = agent(run);
    return new Opening(agent, engineFor(agent));
  }

  /**
   * The agent alone, for a workflow that may send it to sleep before it thinks: it asks {@link
   * #engineFor} once it knows it will think, so a missing endpoint does not fail a wake that ends
   * without thinking.
   */
  public Agent agent(WakeRun run) {
    return agents.get(run.agentId());
  }

  /**
   * The engine that thinks for {@code agent}.
   *
   * @throws InferenceUnavailableException when the agent is to use the endpoint and none (or no
   *     model) is configured
   */
  public Engine engineFor(Agent agent) {
    return models
        .modelFor(agent.getId(), agent.getConfig().getModelId())
        .map(Engine::model)
        .orElseGet(Engine::deterministic);
  }
}
