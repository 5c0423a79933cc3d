package io.reveille.inference.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Which engine thinks for an agent: the deterministic engine, or the model endpoint with a model.
 * It lives with the endpoint's configuration so that both the wake's workflows and the memory's
 * summariser (which sit on different sides of the wake) can ask it without depending on each other;
 * it takes the agent's id and requested model rather than the agent, so inference depends on no
 * feature.
 *
 * <p>An agent whose {@code config.modelId} is set uses the endpoint with that model ({@code
 * default} means {@code reveille.inference.model}); otherwise {@code reveille.inference.provider}
 * decides for every agent: {@code deterministic} (the default) or {@code openai-compatible}. No
 * silent inference: an agent that is to use the endpoint when none is configured fails its wake at
 * once with the reason, instead of falling back to the deterministic engine.
 */
@ApplicationScoped
public class ModelChoice {

  public static final String DETERMINISTIC = "deterministic";
  public static final String OPENAI_COMPATIBLE = "openai-compatible";
  public static final String DEFAULT_MODEL = "default";

  private InferenceConfig inference;
  private boolean endpointByDefault;

  ModelChoice() {}

  @Inject
  ModelChoice(
      InferenceConfig inference,
      @ConfigProperty(name = "reveille.inference.provider", defaultValue = DETERMINISTIC)
          String provider) {
    this.inference = inference;
    this.endpointByDefault =
        switch (provider.strip()) {
          case DETERMINISTIC -> false;
          case OPENAI_COMPATIBLE -> true;
          default ->
              throw new IllegalArgumentException(
                  "reveille.inference.provider must be "
                      + DETERMINISTIC
                      + " or "
                      + OPENAI_COMPATIBLE
                      + ", was '"
                      + provider
                      + "'");
        };
  }

  /**
   * The model the agent {@code agentId} thinks with, or empty for the deterministic engine.
   *
   * @param modelId the agent's {@code config.modelId}, if it names one
   * @throws InferenceUnavailableException when the agent is to use the endpoint and none (or no
   *     model) is configured
   */
  public Optional<String> modelFor(String agentId, Optional<String> modelId) {
    var requested =
        modelId.or(() -> endpointByDefault ? Optional.of(DEFAULT_MODEL) : Optional.empty());
    if (requested.isEmpty()) {
      return Optional.empty();
    }
    if (inference.baseUrl().isEmpty()) {
      throw new InferenceUnavailableException(
          "agent "
              + agentId
              + " thinks with a model ("
              + requested.get()
              + ") but no inference endpoint is configured: set reveille.inference.base-url (and"
              + " reveille.inference.model), or remove config.modelId to use the deterministic"
              + " engine");
    }
    if (!DEFAULT_MODEL.equals(requested.get())) {
      return requested;
    }
    return Optional.of(
        inference
            .model()
            .orElseThrow(
                () ->
                    new InferenceUnavailableException(
                        "agent "
                            + agentId
                            + " uses the default model but reveille.inference.model is not set")));
  }
}
