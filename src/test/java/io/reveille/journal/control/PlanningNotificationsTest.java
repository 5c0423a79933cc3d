package io.reveille.journal.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.alertness.control.NotificationBatchParser;
import io.reveille.alertness.control.NotificationLimits;
import io.reveille.alertness.control.TokenClassifier;
import io.reveille.journal.control.JournalNotifications.TimeEntryChange;
import io.reveille.journal.entity.DayPlan;
import io.reveille.journal.entity.DayPlanBlock;
import io.reveille.journal.entity.Rating;
import io.reveille.journal.entity.RatingTarget;
import io.reveille.journal.entity.Task;
import io.reveille.journal.entity.TaskPriority;
import io.reveille.journal.entity.TaskStatus;
import io.reveille.journal.entity.TimeEntry;
import io.reveille.notification.control.NotificationBatch;
import io.reveille.notification.control.NotificationBatchDocuments;
import java.math.BigDecimal;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class PlanningNotificationsTest {

  private static final Instant NOW = Instant.parse("2026-02-17T15:00:00Z");

  private final List<String> published = new ArrayList<>();
  private final JournalNotifications notifications = new JournalNotifications();
  private final NotificationBatchParser parser =
      new NotificationBatchParser(NotificationLimits.of(100, 200, 100));
  private final TokenClassifier classifier =
      TokenClassifier.of(Set.of("TASK", "TIME_ENTRY", "DAY_PLAN", "RATING"));

  PlanningNotificationsTest() {
    notifications.queue = published::add;
    notifications.documents = new NotificationBatchDocuments();
  }

  private NotificationBatch onlyPublished() throws Exception {
    assertEquals(1, published.size(), "one change, one batch");
    return parser.parse(published.get(0));
  }

  private static Task task() {
    return new Task("t-1", "Write the report", "work", TaskStatus.OPEN, TaskPriority.P1, NOW);
  }

  @Test
  void aStartedTimerNamesTheEntryItsTaskAndTheRunningState() throws Exception {
    var entry = TimeEntry.start("e-1", "work", "t-1", NOW, "drafting");
    notifications.timeEntryChanged(
        entry, Optional.of(task()), TimeEntryChange.CREATED, ChangeOrigin.agent("a-1", "run-1"));

    var batch = onlyPublished();
    assertEquals(
        List.of("TIME_ENTRY", "TASK", "timeEntry.state:running", "e-1", "t-1"), batch.tokens());
    var classified = classifier.classify(batch);
    assertEquals(Set.of("TIME_ENTRY", "TASK"), Set.copyOf(classified.semanticKeys()));
    assertEquals(Set.of("timeEntry.state:running"), Set.copyOf(classified.subtypeTokens()));
    assertEquals(Set.of("e-1", "t-1"), Set.copyOf(classified.entityIds()));
    var snapshot = batch.entities().get(0);
    assertEquals(Optional.of("timeEntry"), snapshot.type());
    assertEquals(Optional.of("work"), snapshot.categoryId());
    assertEquals(true, snapshot.attributes().get("running"));
    assertEquals("t-1", snapshot.attributes().get("taskId"));
    assertEquals(Optional.of("task"), batch.entities().get(1).type());
    assertEquals(Optional.of("a-1"), batch.originAgentId());
  }

  @Test
  void aStoppedTimerSaysStoppedWithItsDurationAndAnEditCarriesNoStateToken() throws Exception {
    var entry = TimeEntry.start("e-1", "work", null, NOW, null);
    entry.stop(NOW.plus(Duration.ofMinutes(25)), NOW);
    notifications.timeEntryChanged(
        entry, Optional.empty(), TimeEntryChange.STOPPED, ChangeOrigin.NONE);
    var batch = onlyPublished();
    assertEquals(List.of("TIME_ENTRY", "timeEntry.state:stopped", "e-1"), batch.tokens());
    assertEquals(new BigDecimal(25), batch.entities().get(0).attributes().get("durationMinutes"));

    published.clear();
    notifications.timeEntryChanged(
        entry, Optional.empty(), TimeEntryChange.UPDATED, ChangeOrigin.NONE);
    assertEquals(List.of("TIME_ENTRY", "e-1"), onlyPublished().tokens());
  }

  @Test
  void aDayPlanChangeNamesThePlanItsChangedBlocksAndEachBlocksCategory() throws Exception {
    var plan = new DayPlan("p-1", LocalDate.parse("2026-02-17"), NOW);
    var kept =
        new DayPlanBlock(
            "b-1", "p-1", "work", "t-1", NOW, NOW.plus(Duration.ofHours(1)), "focus", NOW);
    var gone =
        new DayPlanBlock(
            "b-2",
            "p-1",
            "gym",
            null,
            NOW.plus(Duration.ofHours(2)),
            NOW.plus(Duration.ofHours(3)),
            null,
            NOW);
    notifications.dayPlanChanged(
        plan, List.of(kept), List.of(gone), List.of("t-1"), List.of(), ChangeOrigin.NONE);

    var batch = onlyPublished();
    assertEquals(List.of("DAY_PLAN", "p-1", "b-1", "b-2"), batch.tokens());
    assertEquals(3, batch.entities().size());
    var planSnapshot = batch.entities().get(0);
    assertEquals(Optional.of("dayPlan"), planSnapshot.type());
    assertTrue(planSnapshot.categoryId().isEmpty(), "a plan has no category of its own");
    assertEquals("2026-02-17", planSnapshot.attributes().get("planDate"));
    assertEquals(List.of("t-1"), planSnapshot.attributes().get("pinnedTaskIds"));
    assertEquals(Optional.of("work"), batch.entities().get(1).categoryId());
    assertEquals(Optional.of("gym"), batch.entities().get(2).categoryId());
    assertEquals(true, batch.entities().get(2).attributes().get("deleted"));
  }

  @Test
  void aRatingNamesItselfAndItsTarget() throws Exception {
    var rating = new Rating("r-1", RatingTarget.TASK, "t-1", "focus", 4, null, "work", NOW);
    notifications.ratingChanged(rating, ChangeOrigin.NONE);
    var batch = onlyPublished();
    assertEquals(List.of("RATING", "r-1", "t-1"), batch.tokens());
    var snapshot = batch.entities().get(0);
    assertEquals(Optional.of("rating"), snapshot.type());
    assertEquals(Optional.of("work"), snapshot.categoryId());
    assertEquals("focus", snapshot.attributes().get("dimension"));
    assertEquals(new BigDecimal(4), snapshot.attributes().get("value"));
    assertEquals("task", snapshot.attributes().get("targetType"));
  }
}
