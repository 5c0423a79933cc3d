/**
 * Agents over HTTP at {@code /api/agents}: create and list, read one and its state ({@code
 * {id}/state}), change it ({@code PATCH}, honouring {@code If-Match}), pause, resume, destroy and
 * delete. {@code AgentsResource} translates the bodies ({@code AgentRequest}, {@code AgentPatch})
 * into calls of {@code AgentService} and its results into {@code AgentResponse} and {@code
 * AgentStateResponse}, with the agent's version as a strong ETag; how many runs an agent has comes
 * through the {@code RunCounts} port, which the runs read model implements. It uses the agent's
 * control and entity packages, {@code api}, security's {@code Allowed} and {@code Role}, and the
 * platform's errors, and nothing of the features above agents.
 */
package io.reveille.agent.boundary;
