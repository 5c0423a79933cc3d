/**
 * The audit trail's rows: one {@code AuditEvent} per state-changing API request, never changed once
 * written.
 *
 * <p>May use: nothing of Reveille.
 */
package io.reveille.security.entity;
