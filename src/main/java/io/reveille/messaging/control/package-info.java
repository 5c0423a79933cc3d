/**
 * The broker's queues as their own subject: {@code DeadLetterActions} discards a dead letter or
 * puts a notification batch back on {@code reveille.notifications}, taking it off its dead-letter
 * queue in the same transaction, and {@code QueueDepths} asks the broker's management address how
 * many messages wait on each queue. They are the two control classes allowed to speak JMS, because
 * the broker is what they work on. They use the messaging package and the platform's errors.
 */
package io.reveille.messaging.control;
