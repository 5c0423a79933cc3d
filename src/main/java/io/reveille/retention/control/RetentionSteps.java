package io.reveille.retention.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.time.Instant;

/**
 * Deletes one batch of old, finished rows of one kind, in a transaction of its own: a purge is many
 * short transactions, never one that locks a table while agents wake.
 */
@ApplicationScoped
@Transactional(TxType.REQUIRES_NEW)
public class RetentionSteps {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  /** What is purged, how its old finished rows are found, and how they are deleted. */
  public enum Kind {
    /** Recorded notification batches (duplicate detection looks back this far). */
    NOTIFICATION_BATCHES(
        "SELECT b.batchId FROM NotificationBatchRecord b WHERE b.receivedAt < :cutoff",
        "DELETE FROM NotificationBatchRecord b WHERE b.batchId IN :ids"),
    /** Finished wake runs (queued and started ones are never purged). */
    RUN_LOG(
        "SELECT w.runKey FROM WakeRunLogEntry w WHERE w.completedAt < :cutoff AND w.status IN"
            + " (io.reveille.wake.entity.WakeStatus.COMPLETED,"
            + " io.reveille.wake.entity.WakeStatus.SKIPPED,"
            + " io.reveille.wake.entity.WakeStatus.FAILED,"
            + " io.reveille.wake.entity.WakeStatus.CANCELLED)",
        "DELETE FROM WakeRunLogEntry w WHERE w.runKey IN :ids"),
    /** Finished tool calls of the idempotency ledger (pending and running ones are kept). */
    TOOL_CALLS(
        "SELECT t.idempotencyKey FROM ToolCall t WHERE t.updatedAt < :cutoff AND t.status IN"
            + " (io.reveille.tool.entity.ToolCallStatus.SUCCEEDED,"
            + " io.reveille.tool.entity.ToolCallStatus.FAILED,"
            + " io.reveille.tool.entity.ToolCallStatus.CANCELLED)",
        "DELETE FROM ToolCall t WHERE t.idempotencyKey IN :ids"),
    /** Audit rows, by the time of their request (a summary's first refusal). */
    AUDIT_EVENTS(
        "SELECT a.id FROM AuditEvent a WHERE a.occurredAt < :cutoff",
        "DELETE FROM AuditEvent a WHERE a.id IN :ids"),
    /** MCP sessions, by their last request (a closed one, or one long expired). */
    MCP_SESSIONS(
        "SELECT s.idHash FROM McpSession s WHERE s.lastSeenAt < :cutoff",
        "DELETE FROM McpSession s WHERE s.idHash IN :ids");

    private final String find;
    private final String delete;

    Kind(String find, String delete) {
      this.find = find;
      this.delete = delete;
    }
  }

  /** Deletes up to {@code max} rows of {@code kind} older than {@code cutoff}; returns how many. */
  public int deleteBatch(Kind kind, Instant cutoff, int max) {
    var ids =
        em.createQuery(kind.find, String.class)
            .setParameter("cutoff", cutoff)
            .setMaxResults(max)
            .getResultList();
    if (ids.isEmpty()) {
      return 0;
    }
    return em.createQuery(kind.delete).setParameter("ids", ids).executeUpdate();
  }
}
