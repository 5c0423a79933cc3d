/**
 * Inference: the language models an agent may think with. {@code control.InferenceProvider} is the
 * one seam an agent's wake talks to; {@code control.OpenAiCompatibleClient} speaks the OpenAI
 * chat-completions protocol that most hosted and local model servers offer, and {@code
 * control.InferenceGateway} wraps it in MicroProfile Fault Tolerance so that a slow or overloaded
 * endpoint makes wakes back off instead of piling up. Nothing here falls back silently: without an
 * endpoint a call fails with {@code InferenceUnavailableException}.
 */
package io.reveille.inference;
