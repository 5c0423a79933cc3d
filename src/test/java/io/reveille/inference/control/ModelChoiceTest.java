package io.reveille.inference.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.entity.AgentConfig;
import java.time.Duration;
import java.util.Optional;
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

  @Test
  void withoutModelIdTheDeterministicEngineThinksByDefault() {
    var choice = new ModelChoice(NONE, ModelChoice.DETERMINISTIC);

    assertEquals(Optional.empty(), choice.modelFor("a1", AgentConfig.empty().getModelId()));
  }

  @Test
  void anAgentAskingForAModelWithoutAnEndpointFailsInsteadOfFallingBack() {
    var choice = new ModelChoice(NONE, ModelChoice.DETERMINISTIC);

    var failure =
        assertThrows(
            InferenceUnavailableException.class,
            () -> choice.modelFor("a1", AgentConfig.empty().withModelId("default").getModelId()));
    assertTrue(failure.getMessage().contains("reveille.inference.base-url"), failure.getMessage());
  }

  @Test
  void theDefaultModelIsTheConfiguredOneAndAnExplicitOneIsKept() {
    var choice = new ModelChoice(ENDPOINT, ModelChoice.DETERMINISTIC);

    assertEquals(
        Optional.of("small-model"),
        choice.modelFor("a1", AgentConfig.empty().withModelId("default").getModelId()));
    assertEquals(
        Optional.of("big-model"),
        choice.modelFor("a1", AgentConfig.empty().withModelId("big-model").getModelId()));
  }

  @Test
  void theProviderSettingSendsEveryAgentToTheEndpoint() {
    assertEquals(
        Optional.of("small-model"),
        new ModelChoice(ENDPOINT, ModelChoice.OPENAI_COMPATIBLE)
            .modelFor("a1", AgentConfig.empty().getModelId()));
    assertThrows(
        InferenceUnavailableException.class,
        () ->
            new ModelChoice(NONE, ModelChoice.OPENAI_COMPATIBLE)
                .modelFor("a1", AgentConfig.empty().getModelId()));
  }

  @Test
  void anUnknownProviderIsRefusedAtStartUp() {
    var failure =
        assertThrows(IllegalArgumentException.class, () -> new ModelChoice(NONE, "gemini"));
    assertTrue(failure.getMessage().contains("reveille.inference.provider"), failure.getMessage());
  }
}
