package io.reveille.alertness.control;

import static io.reveille.alertness.control.SubscriptionIndexTest.entity;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.notification.control.NotificationBatch;
import io.reveille.testing.OneTransaction;
import jakarta.enterprise.inject.Vetoed;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class SubscriptionAudienceTest {

  /** A catalog whose index the test fills; counts the refreshes asked of it. */
  @Vetoed
  private static final class Catalog extends SubscriptionCatalog {
    final SubscriptionIndex index = new SubscriptionIndex();
    Optional<SubscriptionIndex> lastAppliedOverride = Optional.empty();
    int refreshes;

    @Override
    public SubscriptionIndex current() {
      refreshes++;
      return index;
    }

    @Override
    public Optional<SubscriptionIndex> lastApplied() {
      return refreshes == 0 ? Optional.empty() : lastAppliedOverride.or(() -> Optional.of(index));
    }
  }

  private final Catalog catalog = new Catalog();
  private final OneTransaction transaction = new OneTransaction();
  private final SubscriptionAudience audience = audience();

  private SubscriptionAudience audience() {
    var audience = new SubscriptionAudience();
    audience.subscriptions = catalog;
    audience.classifier = TokenClassifier.of(List.of("TASK"));
    audience.transactions = transaction;
    catalog.index.put(
        new IndexedSubscription("s-1", "listener", Set.of(entity("task-1")), Optional.empty()));
    return audience;
  }

  private static NotificationBatch batch(String token, String origin) {
    var parser = new NotificationBatchParser(NotificationLimits.of(100, 200, 100));
    try {
      return parser.parse(
          "{\"schemaVersion\":1,\"batchId\":\"b-"
              + token
              + "\",\"tokens\":[\""
              + token
              + "\"]"
              + (origin == null ? "" : ",\"originAgentId\":\"" + origin + "\"")
              + "}");
    } catch (InvalidBatchException e) {
      throw new IllegalArgumentException(e);
    }
  }

  @Test
  void aBatchIsJudgedByTheIntakesMatchingWithItsOriginLeftOut() {
    catalog.current();

    assertTrue(audience.wouldWake(batch("task-1", null)));
    assertTrue(audience.wouldWake(batch("task-1", "someone-else")));
    assertFalse(audience.wouldWake(batch("task-2", null)), "nobody follows task-2");
    assertFalse(audience.wouldWake(batch("task-1", "listener")), "its own change");
  }

  @Test
  void aYesNeedsNoReadAndANoIsConfirmedByAViewBroughtUpToDate() {
    catalog.current();

    assertTrue(audience.wouldWake(batch("task-1", null)));
    assertEquals(1, catalog.refreshes, "the view as last applied hears it: nothing read");

    assertFalse(audience.wouldWake(batch("task-2", null)));
    assertEquals(2, catalog.refreshes, "a no is asked again of the committed subscriptions");
  }

  @Test
  void aSubscriptionCommittedSinceTheLastLookHearsTheBatch() {
    catalog.current();
    var stale = new SubscriptionIndex();
    catalog.lastAppliedOverride = Optional.of(stale);

    assertTrue(audience.wouldWake(batch("task-1", null)), "the up-to-date view has the listener");
    assertEquals(2, catalog.refreshes);
  }

  @Test
  void beforeTheViewIsFirstBuiltEveryBatchIsPublished() {
    assertTrue(audience.wouldWake(batch("task-2", null)));
    assertEquals(0, catalog.refreshes);
  }

  @Test
  void aTransactionThatChangedSubscriptionsIsNotJudgedAndDoesNotMoveTheCatalog() {
    catalog.current();
    SubscriptionAudience.markSubscriptionsChanged(transaction);

    assertTrue(audience.wouldWake(batch("task-2", null)), "everything is published");
    assertEquals(1, catalog.refreshes, "the catalog is not brought to an uncommitted generation");
  }

  @Test
  void aTransactionMarkedForRollbackIsNotJudged() {
    catalog.current();
    transaction.setRollbackOnly();

    assertTrue(audience.wouldWake(batch("task-2", null)));
    assertEquals(1, catalog.refreshes);
  }
}
