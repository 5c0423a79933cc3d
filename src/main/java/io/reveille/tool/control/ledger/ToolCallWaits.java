package io.reveille.tool.control.ledger;

import io.reveille.tool.entity.ProposalStatus;
import io.reveille.tool.entity.ToolCall;
import io.reveille.tool.entity.ToolCallStatus;
import io.reveille.wake.control.RunWaits;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;

/**
 * What a run's tool calls leave it waiting for: a proposal still pending ({@code
 * awaiting_approval}), a call still in doubt ({@code in_doubt}).
 */
@ApplicationScoped
public class ToolCallWaits implements RunWaits {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Override
  public boolean knows(String code) {
    return "awaiting_approval".equals(code) || ToolCall.IN_DOUBT.equals(code);
  }

  @Override
  public boolean stillWaiting(String runKey, String code) {
    return switch (code) {
      case "awaiting_approval" ->
          !em.createQuery(
                  "SELECT p.id FROM ToolProposal p WHERE p.runKey = :runKey AND p.status = :status",
                  String.class)
              .setParameter("runKey", runKey)
              .setParameter("status", ProposalStatus.PENDING)
              .setMaxResults(1)
              .getResultList()
              .isEmpty();
      case ToolCall.IN_DOUBT ->
          !em.createQuery(
                  "SELECT c.idempotencyKey FROM ToolCall c WHERE c.runKey = :runKey"
                      + " AND c.status = :status AND c.errorCode = :code",
                  String.class)
              .setParameter("runKey", runKey)
              .setParameter("status", ToolCallStatus.RUNNING)
              .setParameter("code", ToolCall.IN_DOUBT)
              .setMaxResults(1)
              .getResultList()
              .isEmpty();
      default -> true;
    };
  }
}
