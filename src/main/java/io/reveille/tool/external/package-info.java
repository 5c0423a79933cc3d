/**
 * External HTTP tools, declared in a document rather than coded: reading and validating the
 * declaration ({@link io.reveille.tool.external.ExternalToolDocument}), filling its templates,
 * classifying its side effect, deriving the idempotency key sent to the provider, the per-tool
 * circuit breaker and the HTTP exchange itself. No transactions and no ledger here: the executor
 * ({@code io.reveille.tool.control.ExternalCalls}) records each call around these pieces.
 */
package io.reveille.tool.external;
