/**
 * The notifications queue on the broker ({@code JmsNotificationQueue}): where Reveille's own
 * batches are sent, inside the caller's transaction.
 *
 * <p>May use: notification's control types, JMS.
 */
package io.reveille.notification.boundary;
