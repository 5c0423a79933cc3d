package io.reveille.testing;

import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.agent.entity.AgentConfig;
import io.reveille.agent.entity.AgentKind;
import io.reveille.agent.entity.AgentLifecycle;
import io.reveille.agent.entity.AgentMode;
import io.reveille.agent.entity.AgentSlots;
import java.util.Set;
import java.util.function.UnaryOperator;

/**
 * Custom agents that think with the scripted model of the integration tests: their instructions
 * name a marker, by which the model's requests of one test can be told from another's.
 */
public final class ThinkingAgents {

  private ThinkingAgents() {}

  /** An active, autonomous custom agent with no category scope, thinking with the test model. */
  public static NewAgent thinking(String name, String marker) {
    return thinking(name, marker, UnaryOperator.identity());
  }

  /** As {@link #thinking(String, String)}, its config changed further by {@code config}. */
  public static NewAgent thinking(String name, String marker, UnaryOperator<AgentConfig> config) {
    return thinking(name, marker, AgentMode.AUTONOMOUS, config);
  }

  /** As {@link #thinking(String, String, UnaryOperator)}, in {@code mode}. */
  public static NewAgent thinking(
      String name, String marker, AgentMode mode, UnaryOperator<AgentConfig> config) {
    return new NewAgent(
        AgentKind.CUSTOM,
        name + " " + marker,
        mode,
        AgentLifecycle.ACTIVE,
        Set.of(),
        config.apply(
            AgentConfig.empty()
                .withModelId("default")
                .withInstructions("You are the " + name + " agent of " + marker + ".")),
        AgentSlots.empty());
  }
}
