package io.reveille.taskagent.boundary;

import jakarta.json.JsonObject;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The optional body of {@code POST /api/tasks/{taskId}/agent}: every field may be left out, and no
 * body at all means the defaults.
 */
public record TaskAgentRequest(
    @Schema(description = "default: the task's title") String displayName,
    @Schema(description = "autonomous (default), interactive or hybrid") String mode,
    @Schema(description = "the agent's config, e.g. {\"modelId\": \"...\"} to think with a model")
        JsonObject config) {

  /** The fields a body may carry: this record's components. */
  static Set<String> fields() {
    return Arrays.stream(TaskAgentRequest.class.getRecordComponents())
        .map(component -> component.getName())
        .collect(Collectors.toUnmodifiableSet());
  }
}
