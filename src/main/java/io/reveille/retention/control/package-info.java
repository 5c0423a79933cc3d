/**
 * Retention: the scheduled purge of old, finished rows (run log, tool-call ledger, recorded
 * notification batches) in many short transactions ({@code Retention}, {@code RetentionSteps}), the
 * port through which old dead letters are purged ({@code DeadLetterPurge}, implemented where JMS
 * may be spoken), and the configuration of how long each kind is kept.
 *
 * <p>May use: the other features' entities in its purge queries (an allowed exception the
 * architecture test names: purging is its whole job), platform.
 */
package io.reveille.retention.control;
