/**
 * The agent lifecycle and its announcements: {@code AgentService} creates, changes, pauses,
 * resumes, destroys and deletes agents, one transaction per call with optimistic concurrency;
 * {@code AgentNotifications} publishes every agent-domain change as a notification batch inside the
 * changing transaction, merged per agent and transaction by {@code PendingAgentBatches}; the CDI
 * events {@code AgentLifecycleChanged} and {@code AgentDeleted} let features above react in the
 * same commit or after it; {@code RunCounts} is the port through which the runs read model answers
 * how many runs an agent has. It uses the agent's entities, {@code notification.control} and the
 * platform, and nothing of any feature that depends on agents, so features above it form no cycle
 * through it.
 */
package io.reveille.agent.control;
