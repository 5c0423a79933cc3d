/**
 * What Reveille keeps of an MCP client's session: {@code McpSession}, one row per session, so that
 * every node of a cluster can answer it.
 *
 * <p>May use: platform only.
 */
package io.reveille.mcp.entity;
