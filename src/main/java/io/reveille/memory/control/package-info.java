/**
 * An agent's memory: the append-only message log and the current report ({@code MemoryService},
 * which also answers the reads other features make of the log: a thread's messages after a
 * position, an agent's observations by priority), the hot layer of a thread's context ({@code
 * HotContext}), the deterministic engine's recall ({@code Recall}), and compaction, which folds old
 * spans of a thread into summaries ({@code Compactions}, {@code CompactionWorker}, {@code
 * Summariser} with its model and extractive summaries).
 *
 * <p>May use: the memory entities, the agent's control classes, inference (a summary may be written
 * by the model the agent thinks with), platform. Not the wake or the workflows: they read memory,
 * never the other way round.
 */
package io.reveille.memory.control;
