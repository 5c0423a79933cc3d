/**
 * An agent's memory over HTTP and its compaction timer: {@code AgentMemoryResource} serves the
 * message log and one message at {@code /api/agents/{id}/messages} and the report at {@code
 * /api/agents/{id}/report}; {@code CompactionJobsResource} lists compaction jobs at {@code
 * /api/agents/{id}/compaction-jobs} and retries a failed one; {@code CompactionTimer} runs this
 * node's compaction worker every {@code reveille.memory.compaction.period-seconds}. It uses
 * memory's control and entity packages, the agent's {@code AgentService}, {@code api}, security's
 * {@code Allowed} and {@code Role}, and the platform.
 */
package io.reveille.memory.boundary;
