/**
 * The JMS adapter of the notification queue port: {@code JmsNotificationQueue} sends Reveille's own
 * batches to {@code reveille.notifications} inside the caller's JTA transaction, so a batch is
 * delivered only if the change commits. It uses only {@code notification.control}; the consumer of
 * the queue lives in alertness.
 */
package io.reveille.notification.boundary;
