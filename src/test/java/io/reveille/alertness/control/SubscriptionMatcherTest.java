package io.reveille.alertness.control;

import static io.reveille.alertness.control.SubscriptionIndexTest.entity;
import static io.reveille.alertness.control.SubscriptionIndexTest.key;
import static io.reveille.alertness.control.SubscriptionIndexTest.subtype;
import static io.reveille.alertness.control.SubscriptionIndexTest.tokens;
import static io.reveille.alertness.control.SubscriptionPredicateTest.snapshot;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.reveille.alertness.entity.SubscriptionToken;
import io.reveille.notification.control.NotificationBatch.EntitySnapshot;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SubscriptionMatcherTest {

  private final SubscriptionIndex index = new SubscriptionIndex();

  private static final EntitySnapshot OPEN_GYM_TASK =
      snapshot("task-1", "task", "gym", Map.of("status", "OPEN"));
  private static final EntitySnapshot DONE_WORK_TASK =
      snapshot("task-2", "task", "work", Map.of("status", "DONE"));

  private void subscribe(String id, String agentId, String predicate, SubscriptionToken... tokens) {
    index.put(
        new IndexedSubscription(
            id,
            agentId,
            Set.of(tokens),
            Optional.ofNullable(predicate).map(SubscriptionPredicate::parse)));
  }

  private List<WakeCandidate> candidates(ClassifiedTokens tokens, EntitySnapshot... entities) {
    return SubscriptionMatcher.candidates(index, tokens, List.of(entities));
  }

  @Test
  void groupsMatchesPerAgentWithTheUnionOfTokensInBatchOrder() {
    subscribe("s-2", "agent-a", null, entity("task-2"));
    subscribe("s-1", "agent-a", null, key("TASK"));
    subscribe("s-3", "agent-b", null, subtype("task.status:done"), entity("task-9"));

    var candidates =
        candidates(
            tokens(List.of("TASK"), List.of("task.status:done"), List.of("task-1", "task-2")));

    assertEquals(
        List.of(
            new WakeCandidate("agent-a", List.of("s-1", "s-2"), Set.of("TASK", "task-2")),
            new WakeCandidate("agent-b", List.of("s-3"), Set.of("task.status:done"))),
        candidates);
    assertEquals(List.of("TASK", "task-2"), List.copyOf(candidates.get(0).matchedTokens()));
  }

  @Test
  void nonMatchingBatchGivesNoCandidates() {
    subscribe("s-1", "agent-a", null, key("TASK"));

    assertEquals(List.of(), candidates(tokens(List.of("LABEL"), List.of(), List.of("TASK"))));
  }

  @Test
  void predicateOverKeyMatchConsidersEverySnapshotOfTheBatch() {
    subscribe("s-gym", "agent-a", "categoryId == \"gym\"", key("TASK"));
    subscribe("s-home", "agent-b", "categoryId == \"home\"", key("TASK"));

    var candidates =
        candidates(
            tokens(List.of("TASK"), List.of(), List.of("task-1", "task-2")),
            DONE_WORK_TASK,
            OPEN_GYM_TASK);

    assertEquals(
        List.of(new WakeCandidate("agent-a", List.of("s-gym"), Set.of("TASK"))), candidates);
  }

  @Test
  void predicateOverEntityIdMatchConsidersOnlyTheMatchedEntities() {
    // Watches task-1 and TASK; task-2 is DONE, task-1 is not: the entity match decides the scope.
    subscribe("s-1", "task-agent", "status == \"DONE\"", entity("task-1"), key("TASK"));
    subscribe("s-2", "other-agent", "status == \"DONE\"", entity("task-2"));

    var candidates =
        candidates(
            tokens(List.of("TASK"), List.of(), List.of("task-1", "task-2")),
            OPEN_GYM_TASK,
            DONE_WORK_TASK);

    assertEquals(
        List.of(new WakeCandidate("other-agent", List.of("s-2"), Set.of("task-2"))), candidates);
  }

  @Test
  void predicateWithoutAnyQualifyingSnapshotIsAMiss() {
    subscribe("s-1", "agent-a", "status == \"OPEN\"", key("TASK"));
    subscribe("s-2", "agent-b", "status == \"OPEN\"", entity("task-3"));

    assertEquals(List.of(), candidates(tokens(List.of("TASK"), List.of(), List.of("task-3"))));
    assertEquals(
        List.of(), candidates(tokens(List.of(), List.of(), List.of("task-3")), OPEN_GYM_TASK));
  }

  @Test
  void aPredicateMissDropsOnlyThatSubscriptionNotTheAgentsOthers() {
    subscribe("s-1", "agent-a", "categoryId == \"home\"", key("TASK"));
    subscribe("s-2", "agent-a", null, entity("task-1"));

    assertEquals(
        List.of(new WakeCandidate("agent-a", List.of("s-2"), Set.of("task-1"))),
        candidates(tokens(List.of("TASK"), List.of(), List.of("task-1")), OPEN_GYM_TASK));
  }

  @Test
  void snapshotsOfOtherEntitiesDoNotSatisfyAnEntityIdMatch() {
    subscribe("s-1", "task-agent", "status == \"OPEN\"", entity("task-1"));

    assertEquals(
        List.of(),
        candidates(
            tokens(List.of(), List.of(), List.of("task-1")),
            snapshot("task-9", "task", null, Map.of("status", "OPEN"))));
  }

  @Test
  void suppressedEntityIdsNoLongerMatch() {
    subscribe("s-1", "agent-a", null, entity("task-1"));
    subscribe("s-2", "agent-b", null, key("TASK"));

    var tokens =
        tokens(List.of("TASK"), List.of(), List.of("task-1")).withoutEntityIds(Set.of("task-1"));

    assertEquals(
        List.of(new WakeCandidate("agent-b", List.of("s-2"), Set.of("TASK"))), candidates(tokens));
  }

  @Test
  void aSharedPredicateIsEvaluatedOncePerEntityNotPerSubscription() {
    for (var i = 0; i < 25; i++) {
      subscribe("s-" + i, "agent-" + i, "status == \"DONE\"", key("TASK"), entity("task-1"));
      subscribe("t-" + i, "agent-" + i, "categoryId == \"gym\"", key("TASK"));
    }
    var evaluations = new ArrayList<String>();

    var candidates =
        SubscriptionMatcher.candidates(
            index.match(tokens(List.of("TASK"), List.of(), List.of("task-1", "task-2"))),
            tokens(List.of("TASK"), List.of(), List.of("task-1", "task-2")),
            List.of(OPEN_GYM_TASK, DONE_WORK_TASK),
            (predicate, entity) -> {
              evaluations.add(predicate.text() + " @ " + entity.id());
              return predicate.test(entity);
            });

    assertEquals(25, candidates.size());
    assertEquals(
        List.of("categoryId == \"gym\" @ task-1", "status == \"DONE\" @ task-1"),
        evaluations.stream().sorted().toList());
    assertEquals(List.of("t-0"), candidates.get(0).subscriptionIds());
  }
}
