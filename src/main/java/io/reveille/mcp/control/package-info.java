/**
 * The Model Context Protocol as Reveille speaks it. The JSON-RPC 2.0 envelope: {@code
 * JsonRpcMessage} (a request, a notification or a response), {@code JsonRpcCodec} that reads one
 * from untrusted bytes — size, nesting and shape checked, each refusal a {@code JsonRpcException}
 * carrying the JSON-RPC error to answer with — and writes results and errors. The server's methods
 * ({@code McpServer}) on behalf of one agent: its tools ({@code McpTools}, through the tool
 * executor), its memory as resources ({@code McpResources}), sessions kept in the database ({@code
 * McpSessions}, {@code McpConfig}).
 *
 * <p>May use: agent, memory, tool, wake (the wake reason of a call), workingstate, security (the
 * caller and its roles), platform.
 */
package io.reveille.mcp.control;
