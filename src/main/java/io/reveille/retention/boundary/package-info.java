/**
 * Retention's adapters: the interval timer that runs each purge round, and the JMS purge of old
 * dead letters ({@code JmsDeadLetterPurge}, the implementation of the control's port).
 *
 * <p>May use: retention's control classes, JMS, platform.
 */
package io.reveille.retention.boundary;
