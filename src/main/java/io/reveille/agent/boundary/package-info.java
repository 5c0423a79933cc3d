/**
 * The agents' REST resource and its request and response records: an agent as the API shows it,
 * with its wake activity and run count.
 *
 * <p>May use: the agent's control and entities, the API plumbing ({@code io.reveille.api}),
 * platform. Run counts come through {@code io.reveille.agent.control.RunCounts}, never from the
 * runs read model by name.
 */
package io.reveille.agent.boundary;
