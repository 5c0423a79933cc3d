package io.reveille.inference.control;

import jakarta.json.JsonObject;
import java.util.Objects;
import java.util.regex.Pattern;

/** A tool as a model is offered it: a function name, what it does and its JSON Schema arguments. */
public record ToolSpec(String name, String description, JsonObject parametersSchema) {

  /** The function names the OpenAI protocol accepts. */
  private static final Pattern NAME = Pattern.compile("[A-Za-z0-9_-]{1,64}");

  public ToolSpec {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new IllegalArgumentException("not a usable tool name: " + name);
    }
    Objects.requireNonNull(description, "description");
    Objects.requireNonNull(parametersSchema, "parametersSchema");
  }
}
