/**
 * Messaging plumbing every JMS consumer shares: {@code JmsBodies} reads a message's JSON text
 * whether it came as a text or a bytes message, and {@code DeadLetters} moves a message that can
 * never be processed to its dead-letter queue with the reason, inside the consumer's transaction.
 * It uses no other Reveille package; the notification and wake consumers and the dead-letter tools
 * build on it.
 */
package io.reveille.messaging;
