package io.reveille.alertness.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.alertness.control.SubscriptionService.NewSubscription;
import io.reveille.platform.error.InvalidInputException;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.naming.InitialContext;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The subscription index inside the server, on the real database: a change committed by {@link
 * SubscriptionService} is in the index the very next {@link SubscriptionCatalog#current()} returns.
 * The service never tells the catalog anything in process; the catalog learns every change from the
 * committed generation, exactly as a catalog on another node would.
 */
@ExtendWith(ArquillianExtension.class)
class SubscriptionCatalogIT {

  @Inject SubscriptionService subscriptions;

  @Inject SubscriptionCatalog catalog;

  @Inject AgentService agents;

  @Inject OtherNodeCatalog otherNode;

  @Test
  void subscriptionCommittedJustBeforeIsInTheIndexAndADeletedOneIsNot() {
    catalog.current();
    var agentId = agent("Indexed");

    var created = subscriptions.create(agentId, tokens("TASK"));
    catalog.current();
    assertEquals(Set.of(created.getId()), catalog.indexedSubscriptionIds(agentId));
    assertTrue(
        catalog.appliedGeneration() >= created.getIndexGeneration(),
        "the index reflects the generation the subscription was stamped with");

    var second = subscriptions.create(agentId, tokens("DAY_PLAN"));
    catalog.current();
    assertEquals(Set.of(created.getId(), second.getId()), catalog.indexedSubscriptionIds(agentId));

    subscriptions.delete(agentId, created.getId(), OptionalLong.empty());
    catalog.current();
    assertEquals(Set.of(second.getId()), catalog.indexedSubscriptionIds(agentId));
  }

  @Test
  void everyChangeTakesTheNextGenerationAndARejectedOneTakesNone() {
    var agentId = agent("Counted");
    var first = subscriptions.create(agentId, tokens("TASK"));
    var second = subscriptions.create(agentId, tokens("TASK"));
    assertEquals(first.getIndexGeneration() + 1, second.getIndexGeneration());

    assertThrows(
        Exception.class,
        () -> subscriptions.create(agentId, new NewSubscription(List.of("X"), null, null, "a ==")));
    assertThrows(Exception.class, () -> subscriptions.create(agentId, tokens("X", "X")));
    var third = subscriptions.create(agentId, tokens("TASK"));
    assertEquals(second.getIndexGeneration() + 1, third.getIndexGeneration());

    var deactivated = subscriptions.delete(agentId, third.getId(), OptionalLong.empty());
    assertEquals(third.getIndexGeneration() + 1, deactivated.getIndexGeneration());
  }

  @Test
  void manyThreadsAskingAtOnceAllSeeTheSubscriptionCommittedBefore() throws Exception {
    catalog.current();
    var agentId = agent("Concurrent");
    var created = subscriptions.create(agentId, tokens("TASK"));

    var executor =
        (ManagedExecutorService)
            new InitialContext().lookup("java:comp/DefaultManagedExecutorService");
    var results = new ArrayList<Future<Set<String>>>();
    for (var i = 0; i < 8; i++) {
      Callable<Set<String>> ask =
          () -> {
            catalog.current();
            return catalog.indexedSubscriptionIds(agentId);
          };
      results.add(executor.submit(ask));
    }
    for (var result : results) {
      assertTrue(result.get(60, TimeUnit.SECONDS).contains(created.getId()));
    }
  }

  @Test
  void entriesOfADeletedAgentGoWhenItIsDeletedAndOnARebuild() {
    catalog.current();
    var forgotten = agent("Forgotten");
    var rebuilt = agent("Rebuilt");
    subscriptions.create(forgotten, tokens("TASK"));
    subscriptions.create(rebuilt, tokens("TASK"));
    catalog.current();
    assertFalse(catalog.indexedSubscriptionIds(forgotten).isEmpty());
    deleteAgent(forgotten);
    assertEquals(
        Set.of(),
        catalog.indexedSubscriptionIds(forgotten),
        "the node that deletes the agent forgets its entries once the delete commits");

    // A full rebuild starts from the database and holds no entry of a deleted agent either.
    deleteAgent(rebuilt);
    catalog.rebuild();
    assertEquals(Set.of(), catalog.indexedSubscriptionIds(rebuilt));
    var survivor = agent("Survivor");
    var kept = subscriptions.create(survivor, tokens("TASK"));
    catalog.rebuild();
    assertEquals(Set.of(kept.getId()), catalog.indexedSubscriptionIds(survivor));
  }

  @Test
  void anotherNodesIndexDropsTheEntriesOfAnAgentDeletedHere() {
    var agentId = agent("Deleted elsewhere");
    var created = subscriptions.create(agentId, tokens("TASK"));
    assertEquals(Set.of(created.getId()), otherNode.refreshAndList(agentId));

    deleteAgent(agentId);
    assertEquals(
        Set.of(),
        otherNode.refreshAndList(agentId),
        "the deletion's removal record reaches an index that saw no event");
    var survivor = agent("Still here");
    var kept = subscriptions.create(survivor, tokens("TASK"));
    assertEquals(Set.of(kept.getId()), otherNode.refreshAndList(survivor));
  }

  @Test
  void predicateThatDoesNotParseIsRefusedOnThePredicateField() {
    var agentId = agent("Refused");
    var failure =
        assertThrows(
            InvalidInputException.class,
            () ->
                subscriptions.create(
                    agentId, new NewSubscription(List.of("TASK"), null, null, "categoryId ==")));
    assertEquals("predicate", failure.getField());
    assertEquals(List.of(), subscriptions.list(agentId));
  }

  private String agent(String name) {
    return agents.create(NewAgent.custom(name)).agent().getId();
  }

  private void deleteAgent(String agentId) {
    agents.destroy(agentId, OptionalLong.empty());
    agents.delete(agentId, OptionalLong.empty());
  }

  private static NewSubscription tokens(String... semanticKeys) {
    return new NewSubscription(List.of(semanticKeys), null, null, null);
  }
}
