/**
 * Observability's adapters: the {@code /metrics} servlet in Prometheus' text format, and the agent
 * id and run key put on every log record a wake run writes.
 *
 * <p>May use: observability's and messaging's control classes (queue depths), security's gate,
 * platform.
 */
package io.reveille.observability.boundary;
