/**
 * The broker as operators and administrators see it over HTTP: {@code GET /api/broker/queues}, how
 * many messages wait on each of Reveille's queues ({@code BrokerResource}), and {@code
 * /api/dead-letters}, what lies on {@code reveille.notifications.DLQ} and {@code
 * reveille.wakes.DLQ} and why, browsed a page at a time, discarded or (a notification batch)
 * replayed onto {@code reveille.notifications} ({@code DeadLettersResource}). It uses the messaging
 * package and its control classes, {@code api}, security's {@code Allowed} and {@code Role}, and
 * the platform's errors, JSON documents and paging.
 */
package io.reveille.messaging.boundary;
