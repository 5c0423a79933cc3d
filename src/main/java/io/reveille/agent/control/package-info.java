/**
 * The agent's services: creating, changing and destroying agents and reading them with their state
 * ({@code AgentService}), the notifications an agent's changes publish ({@code AgentNotifications},
 * with their events and the batches waiting to be sent), and {@code RunCounts}, the question an
 * agent's activity asks of the run log, which the runs read model answers.
 *
 * <p>May use: the agent's entities, notification's control types, platform. The agent feature sits
 * below every feature that wakes or remembers for an agent: nothing here may name wake, run,
 * memory, tool or workflow, or the features form a cycle.
 */
package io.reveille.agent.control;
