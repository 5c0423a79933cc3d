/**
 * The model endpoint: its configuration ({@code InferenceConfig}), which engine thinks for an agent
 * ({@code ModelChoice}), the chat request and result records, the OpenAI-compatible client and the
 * gateway that meters, traces and limits every call, and the typed failures a caller can tell apart
 * (unavailable, rate-limited, timed out, refused).
 *
 * <p>May use: observability and platform only. It names no feature, so the workflows and the
 * memory's summariser can both ask it without depending on each other.
 */
package io.reveille.inference.control;
