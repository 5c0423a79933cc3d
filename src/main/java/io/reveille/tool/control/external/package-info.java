/**
 * External HTTP tools, declared in a document rather than coded: reading and validating the
 * declaration ({@link io.reveille.tool.control.external.ExternalToolDocument}), filling its
 * templates, classifying its side effect, deriving the idempotency key sent to the provider, the
 * per-tool circuit breaker and the HTTP exchange itself ({@code ExternalHttp}); and the executor's
 * side of such a call ({@code ExternalCalls}, {@code ExternalCallSteps}): the request is sent
 * outside any transaction, between the short transactions that reserve it in the ledger and record
 * its receipt, and a call left running by a crash is reconciled.
 *
 * <p>May use: the executor and contract ({@code io.reveille.tool.control}), the ledger ({@code
 * ledger}), the tool entities, the wake's control classes (the run a call belongs to), platform.
 * Not the built-in tools ({@code builtin}), which the architecture test enforces.
 */
package io.reveille.tool.control.external;
