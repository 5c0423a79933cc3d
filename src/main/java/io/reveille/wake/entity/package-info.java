/**
 * The wake run log: one row per wake, keyed by its deterministic run key, written when the wake is
 * enqueued and moved through {@code queued → started → completed | skipped | failed}. It is what
 * makes a wake exactly-once in effect: a redelivered or replayed wake finds its run key completed
 * and stops, a burst of notifications coalesces into the one wake still queued, and after a crash
 * the runs left {@code started} are found and queued again under the same key.
 */
package io.reveille.wake.entity;
