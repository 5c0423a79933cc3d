/**
 * Observability at the edge: {@code GET /metrics} in Prometheus' text format for viewers ({@code
 * MetricsServlet}, checked as the API checks through security's {@code ServletGate} and {@code
 * HostCheck}, with queue depths asked of the broker through messaging's {@code QueueDepths}), and
 * the agent id and run key on every log record a wake run writes ({@code RunLogContext}, Liberty's
 * log record context). It uses observability's control package, security's boundary and control
 * classes, messaging's control package and the platform's errors.
 */
package io.reveille.observability.boundary;
