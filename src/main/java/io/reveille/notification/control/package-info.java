/**
 * The notification batch as its producers and its consumer share it: the validated batch with its
 * entity snapshots ({@code NotificationBatch}), its normalised schemaVersion-1 document ({@code
 * NotificationBatchDocuments}), the registered semantic keys ({@code SemanticKey}), the port a
 * producer publishes through ({@code NotificationQueue}) and the question whether any subscription
 * could wake on a batch at all ({@code NotificationAudience}, answered by alertness). The journal,
 * the agent domain and the tools publish through it; alertness parses, records and matches. It uses
 * only the platform's JSON documents and imports no feature, so no producer depends on the
 * consumer.
 */
package io.reveille.notification.control;
