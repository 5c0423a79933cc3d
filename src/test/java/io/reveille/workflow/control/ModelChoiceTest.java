package io.reveille.workflow.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.entity.Agent;
import io.reveille.agent.entity.AgentConfig;
import io.reveille.agent.entity.AgentKind;
import io.reveille.agent.entity.AgentMode;
import io.reveille.inference.control.InferenceConfig;
import io.reveille.inference.control.InferenceUnavailableException;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ModelChoiceTest {

  private static final InferenceConfig NONE =
      new InferenceConfig(
          Optional.empty(),
          Optional.empty(),
          Optional.empty(),
          Optional.empty(),
          Duration.ofSeconds(60),
          8);
  private static final InferenceConfig ENDPOINT =
      new InferenceConfig(
          Optional.of("http://127.0.0.1:1/v1"),
          Optional.of("small-model"),
          Optional.empty(),
          Optional.empty(),
          Duration.ofSeconds(60),
          8);

  private static Agent agent(AgentConfig config) {
    return new Agent(
        "a1", AgentKind.TASK_AGENT, "Agent", AgentMode.AUTONOMOUS, Set.of(), config, Instant.EPOCH);
  }

  @Test
  void withoutModelIdTheDeterministicEngineThinksByDefault() {
    var choice = new ModelChoice(NONE, ModelChoice.DETERMINISTIC);

    assertEquals(Optional.empty(), choice.modelFor(agent(AgentConfig.empty())));
  }

  @Test
  void anAgentAskingForAModelWithoutAnEndpointFailsInsteadOfFallingBack() {
    var choice = new ModelChoice(NONE, ModelChoice.DETERMINISTIC);

    var failure =
        assertThrows(
            InferenceUnavailableException.class,
            () -> choice.modelFor(agent(AgentConfig.empty().withModelId("default"))));
    assertTrue(failure.getMessage().contains("reveille.inference.base-url"), failure.getMessage());
  }

  @Test
  void theDefaultModelIsTheConfiguredOneAndAnExplicitOneIsKept() {
    var choice = new ModelChoice(ENDPOINT, ModelChoice.DETERMINISTIC);

    assertEquals(
        Optional.of("small-model"),
        choice.modelFor(agent(AgentConfig.empty().withModelId("default"))));
    assertEquals(
        Optional.of("big-model"),
        choice.modelFor(agent(AgentConfig.empty().withModelId("big-model"))));
  }

  @Test
  void theProviderSettingSendsEveryAgentToTheEndpoint() {
    assertEquals(
        Optional.of("small-model"),
        new ModelChoice(ENDPOINT, ModelChoice.OPENAI_COMPATIBLE)
            .modelFor(agent(AgentConfig.empty())));
    assertThrows(
        InferenceUnavailableException.class,
        () ->
            new ModelChoice(NONE, ModelChoice.OPENAI_COMPATIBLE)
                .modelFor(agent(AgentConfig.empty())));
  }

  @Test
  void anUnknownProviderIsRefusedAtStartUp() {
    var failure =
        assertThrows(IllegalArgumentException.class, () -> new ModelChoice(NONE, "gemini"));
    assertTrue(failure.getMessage().contains("reveille.inference.provider"), failure.getMessage());
  }
}
