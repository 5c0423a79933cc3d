/**
 * The Model Context Protocol: how MCP clients reach Reveille's tools and how Reveille's agents
 * reach MCP servers' tools. {@code control} holds what both directions share, first of all the
 * JSON-RPC 2.0 envelope every MCP message travels in, read with bounds and refused with the
 * protocol's own error codes.
 */
package io.reveille.mcp;
