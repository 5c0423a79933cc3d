package io.reveille.agent.control;

import io.reveille.agent.entity.Agent;
import io.reveille.agent.entity.AgentState;
import io.reveille.notification.control.NotificationAudience;
import io.reveille.notification.control.NotificationBatch;
import io.reveille.notification.control.NotificationBatch.EntitySnapshot;
import io.reveille.notification.control.NotificationBatchDocuments;
import io.reveille.notification.control.NotificationQueue;
import io.reveille.notification.control.RunCauses;
import io.reveille.notification.control.SemanticKey;
import io.reveille.platform.Settings;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Announces changes of the agent domain to the alertness machinery (seed 000, "Agent-emitted
 * notification tokens"): agents are not journal entities, so their mutations publish batches of
 * their own, so that other agents and the console can subscribe to them.
 *
 * <p>Published through the same queue as the journal's and inside the caller's transaction (a
 * rolled-back change announces nothing): inside a transaction, the changes of one agent are merged
 * into one batch sent just before it commits ({@link PendingAgentBatches}); outside one, each
 * mutation call publishes its own. Each change carries a registered semantic key ({@code AGENT},
 * {@code AGENT_STATE}, {@code AGENT_MESSAGE}, {@code AGENT_REPORT}), a subtype token where one says
 * what happened ({@code agent.lifecycle:dormant}, {@code agent.state:deleted}, {@code
 * agentMessage.kind:toolResult}), the agent's id and the changed record's id, and a small snapshot
 * of each changed record for subscription predicates.
 *
 * <p>Every batch names the agent itself as its origin ({@code originAgentId}), whoever caused the
 * change: an agent is never woken by its own agent-domain changes, so a wake that appends to the
 * agent's log cannot wake that agent again. (Two agents that subscribe to each other's messages
 * still wake each other, at most once per throttle window each; a predicate such as {@code kind !=
 * "system"} breaks that loop.)
 *
 * <p>{@value #ENABLED_PROPERTY} switches these batches off altogether.
 */
@ApplicationScoped
public class AgentNotifications {

  /** The MicroProfile Config property that switches agent-domain batches on or off. */
  public static final String ENABLED_PROPERTY = "reveille.notifications.agent-domain.enabled";

  static final String AGENT_DELETED_TOKEN = "agent.state:deleted";

  /** A message appended to an agent's log; {@code kind} is the message kind's wire name. */
  public record AppendedMessage(String agentId, String messageId, String kind, String threadId) {
    public AppendedMessage {
      Objects.requireNonNull(agentId, "agentId");
      Objects.requireNonNull(messageId, "messageId");
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(threadId, "threadId");
    }
  }

  /** A report written for one scope of an agent. */
  public record WrittenReport(
      String agentId, String reportId, String scope, Optional<Double> confidence) {
    public WrittenReport {
      Objects.requireNonNull(agentId, "agentId");
      Objects.requireNonNull(reportId, "reportId");
      Objects.requireNonNull(scope, "scope");
      Objects.requireNonNull(confidence, "confidence");
    }
  }

  /** The key of a transaction's {@link PendingAgentBatches} in the synchronization registry. */
  static final String PENDING_KEY = AgentNotifications.class.getName() + ".pending";

  private NotificationQueue queue;
  private NotificationBatchDocuments documents;
  private NotificationAudience audience;
  private boolean enabled;

  /** The container's registry; absent when built without a container (each change sent at once). */
  @Resource TransactionSynchronizationRegistry transactions;

  private int maxTokens;
  private int maxEntities;

  /** The causes of the runs executing here: a run's changes carry one hop more than its wake. */
  private RunCauses causes = new RunCauses();

  AgentNotifications() {}

  @Inject
  AgentNotifications(
      NotificationQueue queue,
      NotificationBatchDocuments documents,
      NotificationAudience audience,
      @ConfigProperty(name = ENABLED_PROPERTY, defaultValue = "true") String enabled,
      @ConfigProperty(name = "reveille.notifications.max-tokens") int maxTokens,
      @ConfigProperty(name = "reveille.notifications.max-entities") int maxEntities,
      RunCauses causes) {
    this(queue, documents, audience, parseEnabled(enabled), null, maxTokens, maxEntities);
    this.causes = Objects.requireNonNull(causes, "causes");
  }

  /** Publishing each change at once, as outside any transaction, whether it wakes anyone or not. */
  AgentNotifications(
      NotificationQueue queue, NotificationBatchDocuments documents, boolean enabled) {
    this(
        queue,
        documents,
        NotificationAudience.EVERYONE,
        enabled,
        null,
        Integer.MAX_VALUE,
        Integer.MAX_VALUE);
  }

  AgentNotifications(
      NotificationQueue queue,
      NotificationBatchDocuments documents,
      NotificationAudience audience,
      boolean enabled,
      TransactionSynchronizationRegistry transactions,
      int maxTokens,
      int maxEntities) {
    this.queue = Objects.requireNonNull(queue, "queue");
    this.documents = Objects.requireNonNull(documents, "documents");
    this.audience = Objects.requireNonNull(audience, "audience");
    this.enabled = enabled;
    this.transactions = transactions;
    this.maxTokens = maxTokens;
    this.maxEntities = maxEntities;
  }

  /** Whether agent-domain batches are published at all. */
  public boolean enabled() {
    return enabled;
  }

  /** An agent was created, in its initial lifecycle. */
  public void agentCreated(Agent agent) {
    publish(() -> agentBatch(newBatchId(), agent, true, Optional.empty()));
  }

  /**
   * An agent's own fields changed; {@code state} is its state when that changed in the same call
   * (slots), which adds {@code AGENT_STATE}, the state's id and snapshot.
   */
  public void agentChanged(Agent agent, Optional<AgentState> state) {
    publish(() -> agentBatch(newBatchId(), agent, false, state));
  }

  /** An agent's lifecycle moved (pause, resume, destroy): the subtype token names where to. */
  public void lifecycleChanged(Agent agent) {
    publish(() -> agentBatch(newBatchId(), agent, true, Optional.empty()));
  }

  /** A destroyed agent was deleted for good. */
  public void agentDeleted(Agent agent) {
    publish(() -> deletedBatch(newBatchId(), agent));
  }

  /**
   * An agent's durable state changed (its wake bookkeeping, for instance). For the wake runner,
   * which calls it inside the transaction that changes the state.
   */
  public void stateChanged(AgentState state) {
    publish(() -> stateBatch(newBatchId(), state));
  }

  /** A message was appended to an agent's log. */
  public void messageAppended(AppendedMessage message) {
    publish(() -> messageBatch(newBatchId(), message));
  }

  /** An agent wrote a report. */
  public void reportWritten(WrittenReport report) {
    publish(() -> reportBatch(newBatchId(), report));
  }

  private void publish(Supplier<NotificationBatch> batch) {
    if (!enabled) {
      return;
    }
    var made = batch.get();
    // The cause is taken now, while the run that changed the agent is still executing: a batch
    // merged with others is built when the transaction ends, which may be after that run.
    var caused = made.withCause(causes.ofChangeTo(made.originAgentId().orElseThrow()));
    var pending = pending();
    if (pending.isPresent()) {
      pending.get().add(caused);
    } else {
      send(caused);
    }
  }

  /** Publishes {@code batch} unless it would wake nobody. */
  private void send(NotificationBatch batch) {
    if (audience.wouldWake(batch)) {
      queue.publish(documents.toJson(batch).toString());
    }
  }

  /**
   * The current transaction's pending batches, registered with it on first use; none outside an
   * active transaction (or one already marked for rollback, whose changes announce nothing).
   */
  private Optional<PendingAgentBatches> pending() {
    if (transactions == null || transactions.getTransactionStatus() != Status.STATUS_ACTIVE) {
      return Optional.empty();
    }
    var pending = (PendingAgentBatches) transactions.getResource(PENDING_KEY);
    if (pending == null) {
      pending = new PendingAgentBatches(maxTokens, maxEntities, this::send);
      transactions.putResource(PENDING_KEY, pending);
      transactions.registerInterposedSynchronization(pending);
      queue.publishingAsTransactionCompletes();
    }
    return Optional.of(pending);
  }

  private static String newBatchId() {
    return UUID.randomUUID().toString();
  }

  static NotificationBatch agentBatch(
      String batchId, Agent agent, boolean lifecycleMoved, Optional<AgentState> state) {
    var tokens = new ArrayList<String>(List.of(SemanticKey.AGENT));
    state.ifPresent(s -> tokens.add(SemanticKey.AGENT_STATE));
    if (lifecycleMoved) {
      tokens.add(lifecycleToken(agent));
    }
    tokens.add(agent.getId());
    var entities = new ArrayList<EntitySnapshot>(List.of(agentSnapshot(agent, false)));
    state.ifPresent(
        s -> {
          tokens.add(s.getId());
          entities.add(stateSnapshot(s));
        });
    return batch(batchId, agent.getId(), tokens, entities);
  }

  static NotificationBatch deletedBatch(String batchId, Agent agent) {
    return batch(
        batchId,
        agent.getId(),
        List.of(SemanticKey.AGENT, AGENT_DELETED_TOKEN, agent.getId()),
        List.of(agentSnapshot(agent, true)));
  }

  static NotificationBatch stateBatch(String batchId, AgentState state) {
    return batch(
        batchId,
        state.getAgentId(),
        List.of(SemanticKey.AGENT_STATE, state.getAgentId(), state.getId()),
        List.of(stateSnapshot(state)));
  }

  static NotificationBatch messageBatch(String batchId, AppendedMessage message) {
    return batch(
        batchId,
        message.agentId(),
        List.of(
            SemanticKey.AGENT_MESSAGE,
            "agentMessage.kind:" + message.kind(),
            message.agentId(),
            message.messageId()),
        List.of(
            new EntitySnapshot(
                message.messageId(),
                Optional.of("agentMessage"),
                Optional.empty(),
                Map.of(
                    "agentId", message.agentId(),
                    "kind", message.kind(),
                    "threadId", message.threadId()))));
  }

  static NotificationBatch reportBatch(String batchId, WrittenReport report) {
    var attributes = new LinkedHashMap<String, Object>();
    attributes.put("agentId", report.agentId());
    attributes.put("scope", report.scope());
    report.confidence().ifPresent(c -> attributes.put("confidence", BigDecimal.valueOf(c)));
    return batch(
        batchId,
        report.agentId(),
        List.of(SemanticKey.AGENT_REPORT, report.agentId(), report.reportId()),
        List.of(
            new EntitySnapshot(
                report.reportId(), Optional.of("agentReport"), Optional.empty(), attributes)));
  }

  static String lifecycleToken(Agent agent) {
    return "agent.lifecycle:" + agent.getLifecycle().wire();
  }

  private static NotificationBatch batch(
      String batchId, String agentId, List<String> tokens, List<EntitySnapshot> entities) {
    return NotificationBatch.local(
        batchId, tokens, entities, Optional.of(agentId), Optional.empty());
  }

  private static EntitySnapshot agentSnapshot(Agent agent, boolean deleted) {
    var attributes = new LinkedHashMap<String, Object>();
    attributes.put("kind", agent.getKind().wire());
    attributes.put("lifecycle", agent.getLifecycle().wire());
    attributes.put("mode", agent.getMode().wire());
    attributes.put("displayName", agent.getDisplayName());
    attributes.put("allowedCategoryIds", agent.getAllowedCategoryIds().stream().sorted().toList());
    if (deleted) {
      attributes.put("deleted", true);
    }
    return new EntitySnapshot(agent.getId(), Optional.of("agent"), Optional.empty(), attributes);
  }

  private static EntitySnapshot stateSnapshot(AgentState state) {
    var attributes = new LinkedHashMap<String, Object>();
    attributes.put("agentId", state.getAgentId());
    if (state.getLastWakeAt() != null) {
      attributes.put("lastWakeAt", state.getLastWakeAt().toString());
    }
    attributes.put(
        "consecutiveFailureCount", BigDecimal.valueOf(state.getConsecutiveFailureCount()));
    return new EntitySnapshot(
        state.getId(), Optional.of("agentState"), Optional.empty(), attributes);
  }

  static boolean parseEnabled(String value) {
    return Settings.flag(ENABLED_PROPERTY, value);
  }
}
