/**
 * The broker as operators see it over REST: the depth of Reveille's queues, and the dead-letter
 * queues listed, discarded or replayed.
 *
 * <p>May use: messaging's control classes and shared types, security, the API plumbing, platform.
 */
package io.reveille.messaging.boundary;
