package io.reveille.journal.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.alertness.control.NotificationBatch;
import io.reveille.alertness.control.NotificationBatchDocuments;
import io.reveille.alertness.control.NotificationBatchParser;
import io.reveille.alertness.control.NotificationLimits;
import io.reveille.alertness.control.TokenClassifier;
import io.reveille.journal.entity.Category;
import io.reveille.journal.entity.ChecklistItem;
import io.reveille.journal.entity.Task;
import io.reveille.journal.entity.TaskPriority;
import io.reveille.journal.entity.TaskStatus;
import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class JournalNotificationsTest {

  private static final Instant NOW = Instant.parse("2026-01-10T08:00:00Z");

  private final List<String> published = new ArrayList<>();
  private final JournalNotifications notifications = new JournalNotifications();
  private final NotificationBatchParser parser =
      new NotificationBatchParser(NotificationLimits.of(100, 200, 100));
  private final TokenClassifier classifier =
      TokenClassifier.of(Set.of("TASK", "CHECKLIST_ITEM", "CATEGORY"));

  JournalNotificationsTest() {
    notifications.queue = published::add;
    notifications.documents = new NotificationBatchDocuments();
  }

  private static Task task() {
    var task = new Task("t-1", "Run 5k", "gym", TaskStatus.OPEN, TaskPriority.P1, NOW);
    task.estimate(30, NOW);
    task.scheduleDue(LocalDate.parse("2026-01-12"), NOW);
    return task;
  }

  private NotificationBatch onlyPublished() throws Exception {
    assertEquals(1, published.size(), "one change, one batch");
    return parser.parse(published.get(0));
  }

  @Test
  void aStatusChangeIsAnnouncedWithTheKeyTheSubtypeTheIdAndASnapshot() throws Exception {
    var task = task();
    task.moveTo(TaskStatus.DONE, NOW);
    notifications.taskChanged(task, true, ChangeOrigin.NONE);

    var batch = onlyPublished();
    assertEquals(1, batch.schemaVersion());
    UUID.fromString(batch.batchId());
    assertEquals(NotificationBatch.Origin.LOCAL, batch.origin());
    assertEquals(List.of("TASK", "task.status:DONE", "t-1"), batch.tokens());
    var classified = classifier.classify(batch);
    assertEquals(Set.of("TASK"), Set.copyOf(classified.semanticKeys()));
    assertEquals(Set.of("task.status:DONE"), Set.copyOf(classified.subtypeTokens()));
    assertEquals(Set.of("t-1"), Set.copyOf(classified.entityIds()));
    var snapshot = batch.entities().get(0);
    assertEquals("t-1", snapshot.id());
    assertEquals(Optional.of("task"), snapshot.type());
    assertEquals(Optional.of("gym"), snapshot.categoryId());
    assertEquals("DONE", snapshot.attributes().get("status"));
    assertEquals("P1", snapshot.attributes().get("priority"));
    assertEquals("Run 5k", snapshot.attributes().get("title"));
    assertEquals(new BigDecimal(30), snapshot.attributes().get("estimateMinutes"));
    assertEquals("2026-01-12", snapshot.attributes().get("dueDate"));
    assertTrue(batch.originAgentId().isEmpty());
    assertTrue(batch.originRunKey().isEmpty());
  }

  @Test
  void aChangeWithoutAStatusMoveCarriesNoSubtypeToken() throws Exception {
    notifications.taskChanged(task(), false, ChangeOrigin.NONE);
    assertEquals(List.of("TASK", "t-1"), onlyPublished().tokens());
  }

  @Test
  void anAgentsChangeCarriesItsOrigin() throws Exception {
    notifications.taskChanged(task(), false, ChangeOrigin.agent("agent-7", "wk-9"));
    var batch = onlyPublished();
    assertEquals(Optional.of("agent-7"), batch.originAgentId());
    assertEquals(Optional.of("wk-9"), batch.originRunKey());
  }

  @Test
  void aChecklistChangeNamesTheItemAndItsTask() throws Exception {
    var task = task();
    var item = new ChecklistItem("i-1", "cl-1", "t-1", 0, "Shoes", true, NOW);
    notifications.checklistItemChanged(item, task, true, ChangeOrigin.NONE);

    var batch = onlyPublished();
    assertEquals(
        List.of("CHECKLIST_ITEM", "TASK", "checklistItem.state:checked", "i-1", "t-1"),
        batch.tokens());
    var classified = classifier.classify(batch);
    assertEquals(Set.of("CHECKLIST_ITEM", "TASK"), Set.copyOf(classified.semanticKeys()));
    assertEquals(Set.of("i-1", "t-1"), Set.copyOf(classified.entityIds()));
    var itemSnapshot = batch.entities().get(0);
    assertEquals(Optional.of("checklistItem"), itemSnapshot.type());
    assertEquals(Optional.of("gym"), itemSnapshot.categoryId());
    assertEquals(Boolean.TRUE, itemSnapshot.attributes().get("checked"));
    assertEquals("t-1", itemSnapshot.attributes().get("taskId"));
    assertEquals("t-1", batch.entities().get(1).id(), "the task's snapshot rides along");
  }

  @Test
  void aRetitledChecklistItemCarriesNoStateToken() throws Exception {
    var item = new ChecklistItem("i-1", "cl-1", "t-1", 0, "Shoes", false, NOW);
    notifications.checklistItemChanged(item, task(), false, ChangeOrigin.NONE);
    assertFalse(onlyPublished().tokens().stream().anyMatch(t -> t.startsWith("checklistItem.")));
  }

  @Test
  void aCategoryChangeIsAnnouncedUnderItsKey() throws Exception {
    notifications.categoryChanged(new Category("c-1", "Gym", NOW), ChangeOrigin.NONE);
    var batch = onlyPublished();
    assertEquals(List.of("CATEGORY", "c-1"), batch.tokens());
    var snapshot = batch.entities().get(0);
    assertEquals(Optional.of("category"), snapshot.type());
    assertEquals("Gym", snapshot.attributes().get("name"));
  }

  @Test
  void everyBatchHasAFreshId() throws Exception {
    notifications.taskChanged(task(), false, ChangeOrigin.NONE);
    notifications.taskChanged(task(), false, ChangeOrigin.NONE);
    assertFalse(
        parser.parse(published.get(0)).batchId().equals(parser.parse(published.get(1)).batchId()));
  }
}
