/**
 * How notification batches arrive and subscriptions are managed: the JMS consumer of the
 * notifications queue and the REST endpoint for producers without a JMS client (both hand a batch
 * to the intake), an agent's subscriptions over REST, and a node's subscription index for
 * operators. They parse, translate and delegate.
 *
 * <p>May use: alertness's control classes and entities, the shared messaging and notification
 * types, security, the API plumbing, observability, platform.
 */
package io.reveille.alertness.boundary;
