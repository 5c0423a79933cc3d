/**
 * The security feature's rows: one {@code AuditEvent} per state-changing API request, never changed
 * once written; the key the console's session tokens are signed with; and the console sessions
 * signed out, until their tokens would have expired.
 *
 * <p>May use: nothing of Reveille.
 */
package io.reveille.security.entity;
