/**
 * The notification batch every producer publishes and the consumer stores: the validated document
 * ({@code NotificationBatch}) and its normalised JSON, the semantic keys Reveille's own producers
 * announce, whether a batch could wake any agent ({@code NotificationAudience}), and the queue port
 * the producers send to ({@code NotificationQueue}). Producers and consumers both depend on this
 * package, never on each other.
 *
 * <p>May use: platform only.
 */
package io.reveille.notification.control;
