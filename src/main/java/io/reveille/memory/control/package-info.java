/**
 * An agent's memory: {@code MemoryService} appends to the chained message log and writes the
 * report, announcing each through the agent's {@code AgentNotifications}; {@code HotContext} reads
 * a thread's newest turns; {@code Compactions}, {@code CompactionCandidates} and {@code
 * CompactionWorker} fold older turns into warm and cold summaries, written by the {@code
 * Summariser} ({@code ModelSummary} through inference, or the deterministic {@code
 * ExtractiveSummary}); {@code Recall} is the deterministic engine's memory of a conversation and
 * {@code ReportMarkdown} renders a report as safe HTML. It uses memory's entities, the agent's
 * control classes ({@code AgentService}, {@code AgentNotifications}, {@code
 * AgentLifecycleChanged}), inference's control package (the gateway and {@code ModelChoice}) and
 * the platform; it imports nothing of the wake or the workflows.
 */
package io.reveille.memory.control;
