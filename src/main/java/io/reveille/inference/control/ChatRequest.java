package io.reveille.inference.control;

import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.OptionalInt;

/** What a provider is asked: the model, the conversation so far and the tools it may call. */
public record ChatRequest(
    String model, List<ChatMessage> messages, List<ToolSpec> tools, OptionalInt maxTokens) {

  public ChatRequest {
    if (model == null || model.isBlank()) {
      throw new IllegalArgumentException("a chat request needs a model");
    }
    messages = List.copyOf(messages);
    tools = List.copyOf(tools);
    Objects.requireNonNull(maxTokens, "maxTokens");
    if (messages.isEmpty()) {
      throw new IllegalArgumentException("a chat request needs at least one message");
    }
    if (maxTokens.isPresent() && maxTokens.getAsInt() < 1) {
      throw new IllegalArgumentException("maxTokens must be positive, was " + maxTokens.getAsInt());
    }
    var names = new HashSet<String>();
    for (var tool : tools) {
      if (!names.add(tool.name())) {
        throw new IllegalArgumentException("tool '" + tool.name() + "' is offered twice");
      }
    }
  }

  /** A request without a token limit. */
  public static ChatRequest of(String model, List<ChatMessage> messages, List<ToolSpec> tools) {
    return new ChatRequest(model, messages, tools, OptionalInt.empty());
  }
}
