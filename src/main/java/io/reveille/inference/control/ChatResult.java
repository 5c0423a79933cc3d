package io.reveille.inference.control;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The model's answer: text, tool calls, or both, with the tokens used and why it stopped ({@code
 * stop}, {@code tool_calls}, {@code length}, ... as the endpoint says).
 */
public record ChatResult(
    Optional<String> content, List<ToolCallRequest> toolCalls, Usage usage, String finishReason) {

  public ChatResult {
    Objects.requireNonNull(content, "content");
    toolCalls = List.copyOf(toolCalls);
    Objects.requireNonNull(usage, "usage");
    Objects.requireNonNull(finishReason, "finishReason");
  }

  public boolean hasToolCalls() {
    return !toolCalls.isEmpty();
  }

  /** This answer as the assistant turn to append to the conversation. */
  public ChatMessage.Assistant asMessage() {
    var text = content.isEmpty() && toolCalls.isEmpty() ? Optional.of("") : content;
    return new ChatMessage.Assistant(text, toolCalls);
  }
}
