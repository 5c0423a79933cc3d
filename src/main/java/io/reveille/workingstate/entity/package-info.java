/**
 * The persisted working state: one versioned JSON document per agent thread, deleted with its
 * agent.
 */
package io.reveille.workingstate.entity;
