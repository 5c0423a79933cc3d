/**
 * Reveille as an MCP client: the MCP servers whose tools its agents use, declared in a document
 * ({@code McpServerDocument}, {@code McpServerDeclaration}), connected and supervised with the
 * official MCP Java SDK ({@code McpClients}), their tools turned into external tools ({@code
 * McpToolCatalogue}) that the executor calls like HTTP tools — ledger, key, breaker, reconciliation
 * — sending them over MCP.
 *
 * <p>May use: tool (the registry, external tools and their source interface), wake (wake reasons),
 * platform.
 */
package io.reveille.mcp.control.client;
