/**
 * The audit trail's one entity: {@code AuditEvent}, a state-changing API request as it is kept —
 * who, what, when and how it ended. Append-only, so it has no setters and no version. It uses
 * nothing of Reveille.
 */
package io.reveille.security.entity;
