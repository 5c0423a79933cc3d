/**
 * The runs read model: {@code RunQueries} pages and filters the run log the wake writes ({@code
 * RunFilter}) and assembles one run with what it did — steps and checkpoints, tool calls, proposals
 * and messages — and answers the agent feature's {@code RunCounts}. It is one of the two control
 * classes allowed to query other features' entities (the wake's run log, the tool ledger, the
 * memory's messages), because it is a read model that nothing below it imports. It uses the wake's,
 * the tool feature's and the memory's control and entity classes, the agent's {@code RunCounts},
 * and the platform's errors and paging.
 */
package io.reveille.run.control;
