/**
 * An agent's structured working state for a thread: what it understands (entities and their
 * dependencies), what it assumes and how sure it is, what it expects its actions to do, its open
 * hypotheses and items. Kept current by verifying expectations against each tool result (a
 * deterministic matcher: ids, else type, else count, else no verdict) and by an end-of-run delta
 * checked against its JSON Schema and applied all or nothing; bounded so that its rendering always
 * fits a model's context.
 */
package io.reveille.workingstate.control;
