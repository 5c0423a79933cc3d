package io.reveille.agent.boundary;

import jakarta.json.JsonObject;
import jakarta.validation.constraints.NotBlank;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;

/** The body of {@code POST /api/agents}. */
public class AgentRequest {

  @NotBlank
  @Size(max = 64)
  public String kind;

  @NotBlank
  @Size(max = AgentLimits.DISPLAY_NAME_MAX)
  public String displayName;

  @Pattern(
      regexp = "autonomous|interactive|hybrid",
      message = "must be one of autonomous, interactive, hybrid")
  public String mode;

  @Pattern(regexp = "created|active", message = "must be created or active (the default)")
  public String lifecycle;

  @Size(max = AgentLimits.CATEGORIES_MAX)
  public List<@NotBlank @Size(max = AgentLimits.ID_MAX) String> allowedCategoryIds;

  public JsonObject config;

  public JsonObject slots;
}
