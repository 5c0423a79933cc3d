package io.reveille.tool.control;

import jakarta.json.JsonObject;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;

/**
 * What a handler returns: the payload for the caller (the tool's output schema) and what it changed
 * (entity ids for the {@code tool_effect} links and self-suppression; notification tokens for the
 * audit trail). A preview returns the changes it would make, with the same payload apply returns.
 */
public record ToolOutcome(
    JsonObject payload, List<String> changedEntityIds, List<String> changedTokens) {

  public ToolOutcome {
    Objects.requireNonNull(payload, "payload");
    changedEntityIds = List.copyOf(new LinkedHashSet<>(changedEntityIds));
    changedTokens = List.copyOf(new LinkedHashSet<>(changedTokens));
  }

  /** A read: a payload, nothing changed. */
  public static ToolOutcome read(JsonObject payload) {
    return new ToolOutcome(payload, List.of(), List.of());
  }

  public static Builder of(JsonObject payload) {
    return new Builder(payload);
  }

  /** Collects what a mutation changed. */
  public static final class Builder {
    private final JsonObject payload;
    private final List<String> entityIds = new ArrayList<>();
    private final List<String> tokens = new ArrayList<>();

    private Builder(JsonObject payload) {
      this.payload = payload;
    }

    /** A changed entity: its id, and its semantic key as a token. */
    public Builder changed(String semanticKey, String entityId) {
      tokens.add(semanticKey);
      entityIds.add(entityId);
      return this;
    }

    public Builder changed(String semanticKey, List<String> entityIds) {
      entityIds.forEach(id -> changed(semanticKey, id));
      return this;
    }

    public Builder token(String token) {
      tokens.add(token);
      return this;
    }

    public ToolOutcome build() {
      return new ToolOutcome(payload, entityIds, tokens);
    }
  }
}
