/**
 * The tool executor and the contract every tool is held to: {@code ToolExecutor} checks a call
 * (tool known, capability, wake reason, scope, arguments against the contract's schema), prepares
 * it ({@code PreparedCall}) and runs it through the ledger, an approval or the external-call path;
 * {@code ToolContract}, {@code ToolDefinition}, {@code ToolRegistry} and {@code ToolSpecs} say
 * which tools exist and what a model is offered; {@code ToolHandler}, {@code ToolSet}, {@code
 * ToolInvocation}, {@code ToolOutcome} and {@code ToolResult} are what a tool implements, receives
 * and returns.
 *
 * <p>May use: the tool entities, the agent's control and entities, platform, and its own
 * subpackages {@code ledger}, {@code approval} and {@code external} (the executor dispatches to
 * them). The built-in tools in {@code builtin} are found through CDI as {@code ToolSet}s; nothing
 * here names them.
 */
package io.reveille.tool.control;
