package io.reveille.inference.control;

import jakarta.json.JsonObject;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A tool call the model asked for; {@code id} pairs it with the tool message that answers it, and
 * {@code recoveries} says which of the model's small mistakes were forgiven to read it.
 */
public record ToolCallRequest(
    String id, String name, JsonObject arguments, List<Recovery> recoveries) {

  public ToolCallRequest {
    if (id == null || id.isBlank()) {
      throw new IllegalArgumentException("a tool call needs an id");
    }
    if (name == null || name.isBlank()) {
      throw new IllegalArgumentException("a tool call needs a tool name");
    }
    Objects.requireNonNull(arguments, "arguments");
    recoveries = List.copyOf(recoveries);
  }

  /** A call as asked for, nothing forgiven. */
  public ToolCallRequest(String id, String name, JsonObject arguments) {
    this(id, name, arguments, List.of());
  }

  /** This call with {@code recovery} forgiven too, its tool name now {@code name}. */
  public ToolCallRequest recovered(String name, Recovery recovery) {
    var all = new java.util.ArrayList<>(recoveries);
    all.add(recovery);
    return new ToolCallRequest(id, name, arguments, all);
  }

  /**
   * One mistake of the model forgiven: its {@code kind} ({@link #TOOL_NAME}, {@link
   * #DOUBLE_ENCODED_ARGUMENTS}) and, for a tool name, the name the model wrote.
   */
  public record Recovery(String kind, Optional<String> from) {

    /** A tool name a small edit away from exactly one tool the agent may call. */
    public static final String TOOL_NAME = "toolName";

    /** Arguments sent as a JSON string that holds the arguments' JSON text. */
    public static final String DOUBLE_ENCODED_ARGUMENTS = "doubleEncodedArguments";

    public Recovery {
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(from, "from");
    }

    public static Recovery toolName(String written) {
      return new Recovery(TOOL_NAME, Optional.of(written));
    }

    public static Recovery doubleEncoded() {
      return new Recovery(DOUBLE_ENCODED_ARGUMENTS, Optional.empty());
    }
  }
}
