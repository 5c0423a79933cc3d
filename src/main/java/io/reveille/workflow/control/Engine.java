package io.reveille.workflow.control;

import io.reveille.inference.control.ModelChoice;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.wake.control.WakeRun;
import io.reveille.workflow.control.AgentConversation.Outcome;
import jakarta.json.JsonObjectBuilder;
import java.util.Objects;
import java.util.Optional;

/**
 * The engine that thinks for an agent on one wake, as {@link ModelChoice} chose it: the
 * deterministic engine, or a model through the {@code openai-compatible} endpoint. It also starts
 * the provenance of the report the wake writes, so every workflow names its engine the same way.
 *
 * @param model the model, or empty for the deterministic engine
 */
public record Engine(Optional<String> model) {

  private static final Engine DETERMINISTIC = new Engine(Optional.empty());

  public Engine {
    Objects.requireNonNull(model, "model");
  }

  public static Engine deterministic() {
    return DETERMINISTIC;
  }

  public static Engine model(String model) {
    return new Engine(Optional.of(model));
  }

  public boolean isDeterministic() {
    return model.isEmpty();
  }

  /**
   * The engine's name in a report's provenance: {@value ModelChoice#DETERMINISTIC} or {@value
   * ModelChoice#OPENAI_COMPATIBLE}.
   */
  public String name() {
    return model.isEmpty() ? ModelChoice.DETERMINISTIC : ModelChoice.OPENAI_COMPATIBLE;
  }

  /**
   * The start of the provenance of a report written on {@code run}: {@code engine}, {@code model}
   * when there is one, and {@code runKey}.
   */
  public JsonObjectBuilder provenance(WakeRun run) {
    var provenance = JsonDocuments.provider().createObjectBuilder().add("engine", name());
    model.ifPresent(name -> provenance.add("model", name));
    return provenance.add("runKey", run.runKey());
  }

  /**
   * The start of the provenance of a report a model wrote on {@code run}: that of {@link
   * #provenance(WakeRun)}, then what the conversation took: {@code modelCalls}, {@code toolCalls},
   * {@code inputTokens} and {@code outputTokens}.
   */
  public JsonObjectBuilder provenance(WakeRun run, Outcome conversation) {
    return provenance(run)
        .add("modelCalls", conversation.modelCalls())
        .add("toolCalls", conversation.toolCalls())
        .add("inputTokens", conversation.usage().promptTokens())
        .add("outputTokens", conversation.usage().completionTokens());
  }
}
