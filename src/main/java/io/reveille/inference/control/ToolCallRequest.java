package io.reveille.inference.control;

import jakarta.json.JsonObject;
import java.util.Objects;

/** A tool call the model asked for; {@code id} pairs it with the tool message that answers it. */
public record ToolCallRequest(String id, String name, JsonObject arguments) {

  public ToolCallRequest {
    if (id == null || id.isBlank()) {
      throw new IllegalArgumentException("a tool call needs an id");
    }
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("a tool call needs a tool name");
    }
    Objects.requireNonNull(arguments, "arguments");
  }
}
