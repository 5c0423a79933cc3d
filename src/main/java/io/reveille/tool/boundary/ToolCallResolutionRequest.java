package io.reveille.tool.boundary;

import io.reveille.tool.control.ledger.ToolCallResolutions.Resolution;
import jakarta.json.JsonObject;
import jakarta.validation.constraints.NotNull;
import jakarta.validation.constraints.Size;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The body of {@code POST /api/agents/{id}/tool-calls/{idempotencyKey}/resolution}: whether the
 * call in doubt took effect, the receipt when it did (the tool's output, checked against its output
 * schema), and a note saying how the person found out.
 */
public class ToolCallResolutionRequest {

  @NotNull(message = "applied is required: true when the call took effect, false when it did not")
  @Schema(required = true, description = "whether the call took effect at the other system")
  public Boolean applied;

  @Schema(description = "the receipt when applied: the tool's result (its output schema)")
  public JsonObject result;

  @Size(max = 2000)
  @Schema(description = "how the person found out")
  public String note;

  Resolution toResolution() {
    return new Resolution(
        applied,
        Optional.ofNullable(result),
        Optional.ofNullable(note).map(String::strip).filter(text -> !text.isEmpty()));
  }
}
