package io.reveille.inference.control;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * One turn of a conversation in the roles of the chat-completions protocol. An assistant turn that
 * called tools is followed by one {@link Tool} turn per call, answering it by its id.
 */
public sealed interface ChatMessage {

  /** Instructions to the model. */
  record System(String content) implements ChatMessage {
    public System {
      requireText(content, "a system message");
    }
  }

  /** What the model is asked (in a wake: the context it should work on). */
  record User(String content) implements ChatMessage {
    public User {
      requireText(content, "a user message");
    }
  }

  /** A turn of the model: text, tool calls, or both. */
  record Assistant(Optional<String> content, List<ToolCallRequest> toolCalls)
      implements ChatMessage {
    public Assistant {
      Objects.requireNonNull(content, "content");
      toolCalls = List.copyOf(toolCalls);
      if (content.isEmpty() && toolCalls.isEmpty()) {
        throw new IllegalArgumentException("an assistant message needs content or tool calls");
      }
    }
  }

  /** The result of one tool call, answering the assistant's call with that id. */
  record Tool(String toolCallId, String content) implements ChatMessage {
    public Tool {
      if (toolCallId == null || toolCallId.isBlank()) {
        throw new IllegalArgumentException("a tool message needs the id of the call it answers");
      }
      Objects.requireNonNull(content, "content");
    }
  }

  static System system(String content) {
    return new System(content);
  }

  static User user(String content) {
    return new User(content);
  }

  static Assistant assistant(String content) {
    return new Assistant(Optional.of(content), List.of());
  }

  static Assistant assistant(Optional<String> content, List<ToolCallRequest> toolCalls) {
    return new Assistant(content, toolCalls);
  }

  static Tool tool(String toolCallId, String content) {
    return new Tool(toolCallId, content);
  }

  private static void requireText(String content, String what) {
    if (content == null || content.isBlank()) {
      throw new IllegalArgumentException(what + " needs content");
    }
  }
}
