/**
 * Retention's adapters: the node's non-persistent interval timer that runs a purge round every
 * {@code reveille.retention.period-minutes} ({@code RetentionTimer}, through the platform's {@code
 * PeriodicRound}), and the JMS side of the purge that takes old messages off the dead-letter queues
 * {@code reveille.notifications.DLQ} and {@code reveille.wakes.DLQ} ({@code JmsDeadLetterPurge}).
 * It exposes no REST path and uses only retention's control package and the platform.
 */
package io.reveille.retention.boundary;
