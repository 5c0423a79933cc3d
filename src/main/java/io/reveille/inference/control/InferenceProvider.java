package io.reveille.inference.control;

/**
 * A source of chat completions with tool calling. The agent's wake loop holds the conversation and
 * runs the tools; a provider only answers one request at a time and keeps no state between calls.
 */
public interface InferenceProvider {

  /**
   * One completion of the conversation in {@code request}.
   *
   * @throws InferenceException (one of its subtypes) when no answer could be had
   */
  ChatResult chat(ChatRequest request);
}
