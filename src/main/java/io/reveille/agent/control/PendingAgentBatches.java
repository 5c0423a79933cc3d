package io.reveille.agent.control;

import io.reveille.notification.control.Cause;
import io.reveille.notification.control.NotificationBatch;
import io.reveille.notification.control.NotificationBatch.EntitySnapshot;
import jakarta.transaction.Synchronization;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * The agent-domain batches of one transaction, merged per agent and sent just before it commits: a
 * run that appends a message and records its outcome on the agent's state announces both in one
 * batch, not two, so the intake handles one message instead of one per change.
 *
 * <p>A merged batch carries the union of its parts' tokens (in the order first seen) and each
 * changed record's latest snapshot, and the deepest of their causes. It never outgrows the
 * configured bounds of a batch: a part that would push it past {@code maxTokens} or {@code
 * maxEntities} starts the agent's next batch. Sent from {@link #beforeCompletion} inside the
 * transaction, so a rolled-back change still announces nothing, and a failed send rolls the change
 * back.
 */
final class PendingAgentBatches implements Synchronization {

  private final int maxTokens;
  private final int maxEntities;
  private final Consumer<NotificationBatch> send;
  private final Map<String, List<Merged>> byAgent = new LinkedHashMap<>();

  PendingAgentBatches(int maxTokens, int maxEntities, Consumer<NotificationBatch> send) {
    if (maxTokens <= 0 || maxEntities <= 0) {
      throw new IllegalArgumentException("batch bounds must be positive");
    }
    this.maxTokens = maxTokens;
    this.maxEntities = maxEntities;
    this.send = Objects.requireNonNull(send, "send");
  }

  /** Adds one agent-domain batch (its origin agent names the agent it is about). */
  void add(NotificationBatch part) {
    var agentId =
        part.originAgentId()
            .orElseThrow(() -> new IllegalArgumentException("an agent batch names its agent"));
    var merged = byAgent.computeIfAbsent(agentId, id -> new ArrayList<>());
    if (merged.isEmpty() || !merged.get(merged.size() - 1).fits(part)) {
      merged.add(new Merged(agentId));
    }
    merged.get(merged.size() - 1).add(part);
  }

  /** The merged batches, one or more per agent, in the order their agents first changed. */
  List<NotificationBatch> batches() {
    return byAgent.values().stream().flatMap(List::stream).map(Merged::toBatch).toList();
  }

  @Override
  public void beforeCompletion() {
    batches().forEach(send);
    byAgent.clear();
  }

  @Override
  public void afterCompletion(int status) {
    byAgent.clear();
  }

  private final class Merged {
    private final String agentId;
    private final LinkedHashSet<String> tokens = new LinkedHashSet<>();
    private final LinkedHashMap<String, EntitySnapshot> entities = new LinkedHashMap<>();
    private Cause cause = Cause.NONE;

    Merged(String agentId) {
      this.agentId = agentId;
    }

    /** Whether {@code part} can join without passing a bound (an empty batch takes any part). */
    boolean fits(NotificationBatch part) {
      if (tokens.isEmpty()) {
        return true;
      }
      var newTokens = part.tokens().stream().filter(token -> !tokens.contains(token)).count();
      var newEntities =
          part.entities().stream().filter(entity -> !entities.containsKey(entity.id())).count();
      return tokens.size() + newTokens <= maxTokens && entities.size() + newEntities <= maxEntities;
    }

    void add(NotificationBatch part) {
      tokens.addAll(part.tokens());
      part.entities().forEach(entity -> entities.put(entity.id(), entity));
      cause = cause.deeper(part.cause());
    }

    NotificationBatch toBatch() {
      return NotificationBatch.local(
          UUID.randomUUID().toString(),
          List.copyOf(tokens),
          List.copyOf(entities.values()),
          Optional.of(agentId),
          Optional.empty(),
          cause);
    }
  }
}
