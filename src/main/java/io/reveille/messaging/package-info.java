/**
 * Messaging plumbing the features share: reading the JSON text of an incoming message whatever the
 * producer's protocol ({@code JmsBodies}), and moving a message that can never be processed to a
 * dead-letter queue with the reason ({@code DeadLetters}).
 *
 * <p>May use: JMS and platform. Broker policy (redelivery, dead-letter addresses) is broker
 * configuration, not code here.
 */
package io.reveille.messaging;
