/**
 * Reveille's metrics ({@code Metrics}, one registry per server) and traces ({@code Tracing},
 * OpenTelemetry spans for wake runs with their tool and model calls).
 *
 * <p>May use: platform only; every feature may record through it.
 */
package io.reveille.observability.control;
