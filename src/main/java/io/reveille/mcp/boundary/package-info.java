/**
 * Reveille's MCP server over HTTP: the Streamable HTTP transport of one agent's endpoint ({@code
 * McpEndpoint}: a JSON-RPC message per POST, the session's event stream on GET, DELETE to end it)
 * and the event streams' polling ({@code McpStreams}).
 */
package io.reveille.mcp.boundary;
