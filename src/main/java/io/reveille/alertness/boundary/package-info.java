/**
 * Where notification batches and subscriptions come in. The message-driven {@code
 * NotificationConsumer} takes batches off {@code reveille.notifications}, dead-letters poison to
 * {@code reveille.notifications.DLQ} and hands the rest to {@code NotificationIntake}; {@code
 * NotificationsResource} accepts batches over HTTP at {@code POST /api/notifications} (and shows a
 * recorded one at {@code GET /api/notifications/{batchId}}) and puts them on the same queue; {@code
 * SubscriptionsResource} manages an agent's subscriptions at {@code
 * /api/agents/{id}/subscriptions}; {@code SubscriptionIndexResource} shows this node's index at
 * {@code GET /api/subscriptions/index}. It uses alertness's control and entity packages, {@code
 * notification.control}, the messaging package, observability, {@code api}, security and the
 * platform.
 */
package io.reveille.alertness.boundary;
