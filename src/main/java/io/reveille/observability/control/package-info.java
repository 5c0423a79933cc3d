/**
 * The server's operational metrics ({@code Metrics}: one registry, every name starting {@code
 * reveille_}, only bounded label values) and its OpenTelemetry traces ({@code Tracing}: a span per
 * wake run with its tool and model calls as children, off unless {@code otel.sdk.disabled=false}).
 * Features record into them; it depends on nothing but the platform package, so every feature may
 * use it.
 */
package io.reveille.observability.control;
