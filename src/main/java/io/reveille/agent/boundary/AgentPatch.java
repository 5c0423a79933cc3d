package io.reveille.agent.boundary;

import jakarta.json.JsonObject;
import jakarta.validation.constraints.Pattern;
import jakarta.validation.constraints.Size;
import java.util.List;

/**
 * The body of {@code PATCH /api/agents/{id}}: every field optional, absent means unchanged. {@code
 * config} and {@code slots} replace the whole document.
 */
public class AgentPatch {

  @Size(min = 1, max = AgentLimits.DISPLAY_NAME_MAX)
  @Pattern(regexp = ".*\\S.*", message = "must not be blank")
  public String displayName;

  @Size(max = AgentLimits.CATEGORIES_MAX)
  public List<@jakarta.validation.constraints.NotBlank @Size(max = AgentLimits.ID_MAX) String>
      allowedCategoryIds;

  public JsonObject config;

  public JsonObject slots;
}
