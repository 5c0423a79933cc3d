/**
 * The tool-call ledger: one row per idempotency key, recording what a tool was asked to do, how far
 * it got and what it returned. It is what keeps a retried or replayed wake from repeating a side
 * effect: a call whose key has succeeded returns its stored receipt instead of running again, a
 * failed one is retried under the same key, and one left running by a crash is reconciled. Beside
 * it, the proposals: calls a person must approve, kept under their ledger keys with their previews
 * until decided.
 */
package io.reveille.tool.entity;
