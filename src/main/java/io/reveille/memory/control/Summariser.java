package io.reveille.memory.control;

import io.reveille.agent.control.AgentService;
import io.reveille.inference.control.InferenceUnavailableException;
import io.reveille.inference.control.ModelChoice;
import io.reveille.platform.Settings;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Who summarises a span: with {@code reveille.memory.summariser=model} (the default), the model the
 * agent thinks with ({@link ModelSummary}, which falls back to the extractive summary on its own);
 * the deterministic {@link ExtractiveSummary} for an agent on the deterministic engine, when no
 * endpoint is configured, for a span over {@code reveille.memory.summariser.max-input-tokens}, or
 * with {@code reveille.memory.summariser=extractive}.
 */
@ApplicationScoped
public class Summariser {

  @Inject AgentService agents;
  @Inject ModelChoice models;
  @Inject ModelSummary model;

  private boolean useModel;
  private int maxInputTokens;

  @Inject
  void configure(
      @ConfigProperty(name = "reveille.memory.summariser", defaultValue = "model")
          String summariser,
      @ConfigProperty(name = "reveille.memory.summariser.max-input-tokens", defaultValue = "16000")
          int maxInputTokens) {
    this.useModel =
        switch (summariser.strip()) {
          case "model" -> true;
          case "extractive" -> false;
          default ->
              throw new IllegalArgumentException(
                  "reveille.memory.summariser must be model or extractive, was '"
                      + summariser
                      + "'");
        };
    this.maxInputTokens =
        (int)
            Settings.within(
                "reveille.memory.summariser.max-input-tokens", maxInputTokens, 1000, 1_000_000);
  }

  /** The text of the span's summary; never fails for a model's sake. */
  public String summarise(SpanWork work) {
    return modelFor(work)
        .filter(name -> work.tokens() <= maxInputTokens)
        .map(name -> model.summarise(name, work))
        .orElseGet(work::extractive);
  }

  private Optional<String> modelFor(SpanWork work) {
    if (!useModel) {
      return Optional.empty();
    }
    try {
      var agent = agents.get(work.agentId());
      return models.modelFor(agent.getId(), agent.getConfig().getModelId());
    } catch (InferenceUnavailableException e) {
      return Optional.empty();
    }
  }
}
