/**
 * What an agent remembers, as rows that only ever grow: the append-only message log (each message
 * points at its predecessor in the thread, never a rewritten list), the large payloads some
 * messages carry, immutable report snapshots with one mutable head per scope that says which
 * snapshot is current, and the node-local queue of compaction jobs that fold old spans of a thread
 * into summary messages. Appending costs the same however long the history is, and a crash between
 * two writes can never leave a half-rewritten memory behind.
 */
package io.reveille.memory.entity;
