/**
 * The model endpoint and the vocabulary of a chat completion: the {@code InferenceProvider} seam,
 * {@code OpenAiCompatibleClient} for the OpenAI chat-completions protocol, {@code InferenceGateway}
 * wrapping it in MicroProfile Fault Tolerance, {@code InferenceConfig} ({@code
 * reveille.inference.*}), {@code ModelChoice} deciding which engine thinks for an agent, the
 * request and answer records ({@code ChatRequest}, {@code ChatMessage}, {@code ChatResult}, {@code
 * ToolSpec}, {@code ToolCallRequest}, {@code Usage}) and the typed {@code InferenceException}s that
 * tell the gateway what is worth retrying. It uses only observability's {@code Metrics} and {@code
 * Tracing} and the platform's JSON documents, and no feature: the wake's workflows and the memory's
 * summariser both call it.
 */
package io.reveille.inference.control;
