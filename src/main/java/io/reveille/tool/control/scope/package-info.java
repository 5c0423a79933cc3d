/**
 * What a tool call may reach: the agent's categories ({@code CategoryScope}) and, for a task agent,
 * its task's subgraph within them ({@code TaskSubgraph}: its task and the tasks it created, kept in
 * {@code agent_created_tasks}). Handlers call the scope before any change; refusals say "not yours"
 * without naming what lies outside.
 *
 * <p>May use: the tool's failures ({@code io.reveille.tool.control}), the tool entities, platform.
 */
package io.reveille.tool.control.scope;
