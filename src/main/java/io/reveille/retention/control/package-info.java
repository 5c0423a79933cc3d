/**
 * What is purged and when: {@code Retention} deletes finished records older than their retention
 * ({@code RetentionConfig}, {@code reveille.retention.*}) — recorded notification batches, finished
 * wake runs, finished tool calls, dead letters — in many short transactions of one batch each
 * ({@code RetentionSteps}); agents' memory is never purged. {@code RetentionSteps} is one of the
 * two control class allowed to query other features' tables (alertness's batch records, the wake's
 * run log, the tool ledger), because purging them is its whole job; it imports no feature's
 * classes, only names their entities in its queries. Dead letters are purged through the {@code
 * DeadLetterPurge} port, so no JMS type reaches this package.
 */
package io.reveille.retention.control;
