/**
 * The JSON-RPC 2.0 envelope of MCP: {@code JsonRpcMessage} (a request, a notification or a
 * response), {@code JsonRpcCodec} that reads one from untrusted bytes — size, nesting and shape
 * checked, each refusal a {@code JsonRpcException} carrying the JSON-RPC error to answer with — and
 * writes results and errors.
 *
 * <p>May use: platform only.
 */
package io.reveille.mcp.control;
