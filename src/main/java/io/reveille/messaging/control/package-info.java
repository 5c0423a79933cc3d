/**
 * The broker's management, for operators: the depth of each queue ({@code QueueDepths}) and the
 * actions on its dead-letter queues ({@code DeadLetterActions}). Both speak JMS because the broker
 * is their subject; the architecture test names them as the only control classes that may.
 *
 * <p>May use: JMS, the shared message types of {@code io.reveille.messaging}, platform.
 */
package io.reveille.messaging.control;
