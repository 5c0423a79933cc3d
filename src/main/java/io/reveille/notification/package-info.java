/**
 * The notification batch as producers and the consumer share it: the batch and its entity
 * snapshots, its normalised JSON document, and the queue port (alertness implements it with the
 * outbox). The journal, the agent domain and the tools publish through it; alertness receives,
 * records and matches. It depends on no feature package, so no producer depends on the consumer.
 */
package io.reveille.notification;
