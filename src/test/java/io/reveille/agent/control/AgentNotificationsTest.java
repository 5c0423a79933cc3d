package io.reveille.agent.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentNotifications.AppendedMessage;
import io.reveille.agent.control.AgentNotifications.WrittenReport;
import io.reveille.agent.entity.Agent;
import io.reveille.agent.entity.AgentConfig;
import io.reveille.agent.entity.AgentKind;
import io.reveille.agent.entity.AgentMode;
import io.reveille.agent.entity.AgentSlots;
import io.reveille.agent.entity.AgentState;
import io.reveille.alertness.control.ClassifiedTokens;
import io.reveille.alertness.control.NotificationBatchParser;
import io.reveille.alertness.control.NotificationLimits;
import io.reveille.alertness.control.SubscriptionPredicate;
import io.reveille.alertness.control.TokenClassifier;
import io.reveille.alertness.entity.TokenClass;
import io.reveille.notification.control.NotificationAudience;
import io.reveille.notification.control.NotificationBatch;
import io.reveille.notification.control.NotificationBatchDocuments;
import io.reveille.notification.control.NotificationQueue;
import io.reveille.testing.OneTransaction;
import io.reveille.testing.ShippedConfig;
import java.io.StringReader;
import java.math.BigDecimal;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class AgentNotificationsTest {

  private static final Instant NOW = Instant.parse("2026-01-10T08:00:00Z");

  private final List<String> published = new ArrayList<>();
  private final AgentNotifications notifications =
      new AgentNotifications(published::add, new NotificationBatchDocuments(), true);
  private final NotificationBatchParser parser =
      new NotificationBatchParser(NotificationLimits.of(100, 200, 100));
  private final TokenClassifier classifier = shippedClassifier();

  private static TokenClassifier shippedClassifier() {
    var properties = ShippedConfig.properties();
    return TokenClassifier.of(
        List.of(properties.getProperty(TokenClassifier.SEMANTIC_KEYS_PROPERTY).split(",")));
  }

  private static Agent agent() {
    var agent =
        new Agent(
            "agent-a",
            AgentKind.TASK_AGENT,
            "Gym coach",
            AgentMode.AUTONOMOUS,
            Set.of("gym", "diet"),
            AgentConfig.empty(),
            NOW);
    agent.activate(NOW);
    return agent;
  }

  private static AgentState state() {
    return new AgentState("state-a", "agent-a", AgentSlots.empty(), NOW);
  }

  private NotificationBatch onlyPublished() throws Exception {
    assertEquals(1, published.size(), "one mutation, one batch");
    return parser.parse(published.get(0));
  }

  private ClassifiedTokens classified(NotificationBatch batch) {
    return classifier.classify(batch);
  }

  @Test
  void aCreatedAgentIsAnnouncedUnderAgentWithItsLifecycleItsIdAndASnapshot() throws Exception {
    notifications.agentCreated(agent());

    var batch = onlyPublished();
    assertEquals(List.of("AGENT", "agent.lifecycle:active", "agent-a"), batch.tokens());
    var tokens = classified(batch);
    assertEquals(Set.of("AGENT"), tokens.of(TokenClass.SEMANTIC_KEY));
    assertEquals(Set.of("agent.lifecycle:active"), tokens.of(TokenClass.SUBTYPE_TOKEN));
    assertEquals(Set.of("agent-a"), tokens.of(TokenClass.ENTITY_ID));
    assertEquals(Optional.of("agent-a"), batch.originAgentId(), "the agent is its own origin");
    assertEquals(Optional.empty(), batch.originRunKey());
    var snapshot = batch.entities().get(0);
    assertEquals("agent-a", snapshot.id());
    assertEquals(Optional.of("agent"), snapshot.type());
    assertEquals(Optional.empty(), snapshot.categoryId());
    assertEquals(
        Map.of(
            "kind", "taskAgent",
            "lifecycle", "active",
            "mode", "autonomous",
            "displayName", "Gym coach",
            "allowedCategoryIds", List.of("diet", "gym")),
        snapshot.attributes());
  }

  @Test
  void aLifecycleMoveNamesWhereTheAgentWentAndPredicatesSeeIt() throws Exception {
    var agent = agent();
    agent.pause(NOW);

    notifications.lifecycleChanged(agent);

    var batch = onlyPublished();
    assertEquals(List.of("AGENT", "agent.lifecycle:dormant", "agent-a"), batch.tokens());
    var snapshot = batch.entities().get(0);
    assertTrue(SubscriptionPredicate.parse("lifecycle == \"dormant\"").test(snapshot));
    assertTrue(SubscriptionPredicate.parse("allowedCategoryIds in [\"gym\"]").test(snapshot));
    assertFalse(SubscriptionPredicate.parse("kind == \"custom\"").test(snapshot));
  }

  @Test
  void aChangeOfFieldsHasNoSubtypeAndASlotsChangeAddsTheState() throws Exception {
    notifications.agentChanged(agent(), Optional.empty());
    notifications.agentChanged(agent(), Optional.of(state()));

    assertEquals(2, published.size());
    var fieldsOnly = parser.parse(published.get(0));
    assertEquals(List.of("AGENT", "agent-a"), fieldsOnly.tokens());
    var withState = parser.parse(published.get(1));
    assertEquals(List.of("AGENT", "AGENT_STATE", "agent-a", "state-a"), withState.tokens());
    assertEquals(Set.of("AGENT", "AGENT_STATE"), classified(withState).of(TokenClass.SEMANTIC_KEY));
    assertEquals(
        List.of("agent-a", "state-a"),
        withState.entities().stream().map(NotificationBatch.EntitySnapshot::id).toList());
  }

  @Test
  void aDeletedAgentIsAnnouncedWithTheDeletedSubtypeAndASnapshotSayingSo() throws Exception {
    var agent = agent();
    agent.destroy(NOW);

    notifications.agentDeleted(agent);

    var batch = onlyPublished();
    assertEquals(List.of("AGENT", "agent.state:deleted", "agent-a"), batch.tokens());
    assertEquals(Set.of("agent.state:deleted"), classified(batch).of(TokenClass.SUBTYPE_TOKEN));
    assertEquals(true, batch.entities().get(0).attributes().get("deleted"));
    assertEquals("destroyed", batch.entities().get(0).attributes().get("lifecycle"));
    assertEquals(Optional.of("agent-a"), batch.originAgentId());
  }

  @Test
  void aStateChangeNamesTheAgentAndTheStateWithItsWakeBookkeeping() throws Exception {
    var state = state();
    state.recordWake(NOW);
    state.recordFailure(NOW);

    notifications.stateChanged(state);

    var batch = onlyPublished();
    assertEquals(List.of("AGENT_STATE", "agent-a", "state-a"), batch.tokens());
    var tokens = classified(batch);
    assertEquals(Set.of("AGENT_STATE"), tokens.of(TokenClass.SEMANTIC_KEY));
    assertEquals(Set.of("agent-a", "state-a"), tokens.of(TokenClass.ENTITY_ID));
    assertEquals(Optional.of("agent-a"), batch.originAgentId());
    var snapshot = batch.entities().get(0);
    assertEquals(Optional.of("agentState"), snapshot.type());
    assertEquals("agent-a", snapshot.attributes().get("agentId"));
    assertEquals(NOW.toString(), snapshot.attributes().get("lastWakeAt"));
    assertEquals(
        0,
        BigDecimal.ONE.compareTo(
            (BigDecimal) snapshot.attributes().get("consecutiveFailureCount")));
  }

  @Test
  void aStateThatNeverWokeLeavesLastWakeAtOut() throws Exception {
    notifications.stateChanged(state());

    var attributes = onlyPublished().entities().get(0).attributes();
    assertFalse(attributes.containsKey("lastWakeAt"));
    assertEquals(
        0, BigDecimal.ZERO.compareTo((BigDecimal) attributes.get("consecutiveFailureCount")));
  }

  @Test
  void anAppendedMessageIsAnnouncedWithItsKindAsSubtypeAndBothIds() throws Exception {
    notifications.messageAppended(
        new AppendedMessage("agent-a", "msg-1", "toolResult", "agent-a:run:7"));

    var batch = onlyPublished();
    assertEquals(
        List.of("AGENT_MESSAGE", "agentMessage.kind:toolResult", "agent-a", "msg-1"),
        batch.tokens());
    var tokens = classified(batch);
    assertEquals(Set.of("AGENT_MESSAGE"), tokens.of(TokenClass.SEMANTIC_KEY));
    assertEquals(Set.of("agentMessage.kind:toolResult"), tokens.of(TokenClass.SUBTYPE_TOKEN));
    assertEquals(Set.of("agent-a", "msg-1"), tokens.of(TokenClass.ENTITY_ID));
    assertEquals(Optional.of("agent-a"), batch.originAgentId());
    var snapshot = batch.entities().get(0);
    assertEquals("msg-1", snapshot.id());
    assertEquals(Optional.of("agentMessage"), snapshot.type());
    assertEquals(
        Map.of("agentId", "agent-a", "kind", "toolResult", "threadId", "agent-a:run:7"),
        snapshot.attributes());
    assertTrue(
        SubscriptionPredicate.parse("agentId == \"agent-a\" && kind == \"toolResult\"")
            .test(snapshot));
  }

  @Test
  void aWrittenReportIsAnnouncedUnderAgentReport() throws Exception {
    notifications.reportWritten(
        new WrittenReport("agent-a", "report-1", "current", Optional.of(0.75)));
    notifications.reportWritten(
        new WrittenReport("agent-a", "report-2", "weekly", Optional.empty()));

    var first = parser.parse(published.get(0));
    assertEquals(List.of("AGENT_REPORT", "agent-a", "report-1"), first.tokens());
    assertEquals(Set.of("AGENT_REPORT"), classified(first).of(TokenClass.SEMANTIC_KEY));
    assertEquals(Optional.of("agent-a"), first.originAgentId());
    var attributes = first.entities().get(0).attributes();
    assertEquals("current", attributes.get("scope"));
    assertEquals(0, new BigDecimal("0.75").compareTo((BigDecimal) attributes.get("confidence")));
    var second = parser.parse(published.get(1));
    assertFalse(second.entities().get(0).attributes().containsKey("confidence"));
  }

  @Test
  void insideATransactionOneAgentsChangesLeaveAsOneBatchJustBeforeItCommits() throws Exception {
    var transaction = new OneTransaction();
    var inTransaction = withAudience(NotificationAudience.EVERYONE, transaction);
    var state = state();
    state.recordWake(NOW);

    inTransaction.messageAppended(new AppendedMessage("agent-a", "msg-1", "system", "t"));
    inTransaction.stateChanged(state);

    assertTrue(published.isEmpty(), "nothing is sent while the transaction runs");
    assertEquals(1, transaction.synchronizations().size(), "registered once per transaction");
    transaction.synchronizations().get(0).beforeCompletion();
    var batch = onlyPublished();
    assertEquals(
        List.of(
            "AGENT_MESSAGE",
            "agentMessage.kind:system",
            "agent-a",
            "msg-1",
            "AGENT_STATE",
            "state-a"),
        batch.tokens());
    assertEquals(
        List.of("msg-1", "state-a"),
        batch.entities().stream().map(NotificationBatch.EntitySnapshot::id).toList());
    assertEquals(Optional.of("agent-a"), batch.originAgentId());
  }

  @Test
  void theQueueHearsOnceWhileTheTransactionIsActiveThatBatchesFollowAsItCompletes() {
    var transaction = new OneTransaction();
    var told = new ArrayList<Integer>();
    var queue =
        new NotificationQueue() {
          @Override
          public void publish(String batchDocument) {
            published.add(batchDocument);
          }

          @Override
          public void publishingAsTransactionCompletes() {
            told.add(transaction.synchronizations().size());
          }
        };
    var inTransaction =
        new AgentNotifications(
            queue,
            new NotificationBatchDocuments(),
            NotificationAudience.EVERYONE,
            true,
            transaction,
            100,
            100);

    inTransaction.messageAppended(new AppendedMessage("agent-a", "msg-1", "system", "t"));
    inTransaction.stateChanged(state());

    assertEquals(List.of(1), told, "once, after the agent domain's synchronization is registered");
  }

  @Test
  void aTransactionMarkedForRollbackAnnouncesEachChangeInsideItAsBefore() throws Exception {
    var transaction = new OneTransaction();
    transaction.setRollbackOnly();
    var inTransaction = withAudience(NotificationAudience.EVERYONE, transaction);

    inTransaction.stateChanged(state());

    // Sent inside the transaction, so its rollback takes the message back with it.
    assertEquals(List.of("AGENT_STATE", "agent-a", "state-a"), onlyPublished().tokens());
    assertTrue(transaction.synchronizations().isEmpty());
  }

  /** Publishing into {@code published}, inside {@code transaction} when there is one. */
  private AgentNotifications withAudience(
      NotificationAudience audience, OneTransaction transaction) {
    return new AgentNotifications(
        published::add, new NotificationBatchDocuments(), audience, true, transaction, 100, 100);
  }

  /** Wakes only batches carrying {@code token}; counts the questions. */
  private static final class Listening implements NotificationAudience {
    private final String token;
    int asked;

    Listening(String token) {
      this.token = token;
    }

    @Override
    public boolean wouldWake(NotificationBatch batch) {
      asked++;
      return batch.tokens().contains(token);
    }
  }

  @Test
  void aBatchThatWouldWakeNobodyIsNotPublished() throws Exception {
    var audience = new Listening("AGENT_REPORT");
    var notifications = withAudience(audience, null);

    notifications.stateChanged(state());
    notifications.messageAppended(new AppendedMessage("agent-a", "msg-1", "system", "t"));
    assertTrue(published.isEmpty(), "nobody listens to state changes or messages");

    notifications.reportWritten(new WrittenReport("agent-a", "r", "current", Optional.empty()));
    assertTrue(onlyPublished().tokens().contains("AGENT_REPORT"));
    assertEquals(3, audience.asked, "every change is judged");
  }

  @Test
  void insideATransactionTheAudienceJudgesTheMergedBatch() throws Exception {
    var transaction = new OneTransaction();
    var audience = new Listening("AGENT_STATE");
    var inTransaction = withAudience(audience, transaction);

    inTransaction.messageAppended(new AppendedMessage("agent-a", "msg-1", "system", "t"));
    inTransaction.stateChanged(state());
    transaction.synchronizations().get(0).beforeCompletion();

    // The message alone would wake nobody; merged with the state change, the batch goes out whole.
    var batch = onlyPublished();
    assertTrue(batch.tokens().containsAll(List.of("AGENT_MESSAGE", "msg-1", "AGENT_STATE")));
    assertEquals(1, audience.asked, "the merged batch is judged once");
  }

  @Test
  void switchedOffNothingIsPublished() {
    var off = new AgentNotifications(published::add, new NotificationBatchDocuments(), false);

    off.agentCreated(agent());
    off.agentChanged(agent(), Optional.of(state()));
    off.lifecycleChanged(agent());
    off.agentDeleted(agent());
    off.stateChanged(state());
    off.messageAppended(new AppendedMessage("agent-a", "msg-1", "system", "t"));
    off.reportWritten(new WrittenReport("agent-a", "r", "current", Optional.empty()));

    assertTrue(published.isEmpty());
    assertFalse(off.enabled());
  }

  @Test
  void theSwitchTakesTrueOrFalseOnlyAndNamesTheSettingOtherwise() {
    assertTrue(AgentNotifications.parseEnabled("true"));
    assertTrue(AgentNotifications.parseEnabled(" TRUE "));
    assertFalse(AgentNotifications.parseEnabled("false"));
    var error =
        assertThrows(IllegalArgumentException.class, () -> AgentNotifications.parseEnabled("ture"));
    assertEquals(
        "reveille.notifications.agent-domain.enabled must be true or false, was 'ture'",
        error.getMessage());
    assertThrows(IllegalArgumentException.class, () -> AgentNotifications.parseEnabled(""));
  }

  @Test
  void theShippedConfigurationRegistersEveryAgentKeyAndSwitchesTheBatchesOn() {
    var properties = ShippedConfig.properties();
    assertTrue(
        classifier
            .semanticKeys()
            .containsAll(Set.of("AGENT", "AGENT_STATE", "AGENT_MESSAGE", "AGENT_REPORT")));
    assertTrue(
        AgentNotifications.parseEnabled(
            properties.getProperty(AgentNotifications.ENABLED_PROPERTY)));
  }

  @Test
  void everyBatchIsAValidDocumentWithAFreshId() throws Exception {
    notifications.agentCreated(agent());
    notifications.agentCreated(agent());

    var ids = new java.util.HashSet<String>();
    for (var document : published) {
      try (var reader = jakarta.json.Json.createReader(new StringReader(document))) {
        assertEquals(1, reader.readObject().getInt("schemaVersion"));
      }
      ids.add(parser.parse(document).batchId());
    }
    assertEquals(2, ids.size());
  }
}
