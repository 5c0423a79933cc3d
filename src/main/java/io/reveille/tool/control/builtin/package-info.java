/**
 * The built-in tools, each set a {@code ToolSet} the registry finds through CDI: the journal's
 * tasks, categories, checklists, time entries, ratings, day plans, projects and task links,
 * follow-ups, the agent's memory and its working state. Every read is filtered by the agent's
 * category scope in the query ({@code ScopedQueries}), so what is out of scope is never loaded.
 *
 * <p>May use: the tool contract ({@code io.reveille.tool.control}), the tool entities, the
 * journal's, memory's and working state's control classes (never their tables directly), the wake's
 * run keys, notification keys, platform. Not the external-call machinery ({@code external}), which
 * the architecture test enforces, nor the ledger or approvals: the executor wraps every tool in
 * those.
 */
package io.reveille.tool.control.builtin;
