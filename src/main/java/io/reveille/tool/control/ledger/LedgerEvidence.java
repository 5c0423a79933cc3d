package io.reveille.tool.control.ledger;

import io.reveille.platform.json.JsonDocuments;
import io.reveille.tool.entity.ToolCall;
import io.reveille.tool.entity.ToolCallStatus;
import io.reveille.wake.control.JobEvidence;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.util.List;
import java.util.Optional;

/**
 * The ledger's answers about a run's and an agent's calls: whether a job's {@code toolResult} stop
 * condition holds, and whether an external call was made before. Only calls that change something
 * are ledgered, so only their receipts count.
 */
@ApplicationScoped
public class LedgerEvidence implements JobEvidence {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Override
  public boolean toolSucceeded(
      String runKey, String tool, Optional<String> pointer, Optional<JsonValue> equals) {
    List<JsonObject> receipts =
        em.createQuery(
                "SELECT c.result FROM ToolCall c WHERE c.runKey = :runKey AND c.toolName = :tool"
                    + " AND c.status = :status",
                JsonObject.class)
            .setParameter("runKey", runKey)
            .setParameter("tool", tool)
            .setParameter("status", ToolCallStatus.SUCCEEDED)
            .getResultList();
    return receipts.stream().anyMatch(receipt -> matches(receipt, pointer, equals));
  }

  /** Whether a stored receipt's payload holds {@code equals} at {@code pointer}. */
  static boolean matches(JsonObject receipt, Optional<String> pointer, Optional<JsonValue> equals) {
    if (pointer.isEmpty()) {
      return true;
    }
    var payload = receipt == null ? null : receipt.get("payload");
    if (!(payload instanceof JsonObject object)) {
      return false;
    }
    JsonValue found;
    try {
      var at = JsonDocuments.provider().createPointer(pointer.get());
      if (!at.containsValue(object)) {
        return false;
      }
      found = at.getValue(object);
    } catch (JsonException e) {
      return false;
    }
    return equals.map(found::equals).orElse(true);
  }

  /**
   * The ledger key of a call the agent made before with {@code tool} and arguments hashing to
   * {@code argumentsHash} that took effect or may have — succeeded, running, pending or in doubt,
   * anything but failed or cancelled; none when it made none. {@code except}: the call's own key,
   * which a replay finds.
   */
  public Optional<String> earlierExternalCall(
      String agentId, String tool, String argumentsHash, Optional<String> except) {
    List<ToolCall> calls =
        em.createQuery(
                "SELECT c FROM ToolCall c WHERE c.agentId = :agentId AND c.toolName = :tool"
                    + " AND c.status NOT IN :settled ORDER BY c.createdAt",
                ToolCall.class)
            .setParameter("agentId", agentId)
            .setParameter("tool", tool)
            .setParameter("settled", List.of(ToolCallStatus.FAILED, ToolCallStatus.CANCELLED))
            .getResultList();
    return calls.stream()
        .filter(call -> except.filter(call.getIdempotencyKey()::equals).isEmpty())
        .filter(
            call ->
                io.reveille.tool.control.OperationIds.argumentsHash(call.getArguments())
                    .equals(argumentsHash))
        .map(ToolCall::getIdempotencyKey)
        .findFirst();
  }
}
