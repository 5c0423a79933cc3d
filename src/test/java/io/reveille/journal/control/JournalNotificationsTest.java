package io.reveille.journal.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.alertness.control.NotificationBatchParser;
import io.reveille.alertness.control.NotificationLimits;
import io.reveille.alertness.control.TokenClassifier;
import io.reveille.journal.control.JournalNotifications.ChecklistChange;
import io.reveille.journal.entity.Category;
import io.reveille.journal.entity.Checklist;
import io.reveille.journal.entity.ChecklistItem;
import io.reveille.journal.entity.Label;
import io.reveille.journal.entity.Task;
import io.reveille.journal.entity.TaskPriority;
import io.reveille.journal.entity.TaskStatus;
import io.reveille.notification.control.NotificationBatch;
import io.reveille.notification.control.NotificationBatchDocuments;
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
      TokenClassifier.of(Set.of("TASK", "CHECKLIST_ITEM", "CATEGORY", "LABEL"));

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
    assertEquals(List.of("TASK", "task.status:done", "t-1"), batch.tokens());
    var classified = classifier.classify(batch);
    assertEquals(Set.of("TASK"), Set.copyOf(classified.semanticKeys()));
    assertEquals(Set.of("task.status:done"), Set.copyOf(classified.subtypeTokens()));
    assertEquals(Set.of("t-1"), Set.copyOf(classified.entityIds()));
    var snapshot = batch.entities().get(0);
    assertEquals("t-1", snapshot.id());
    assertEquals(Optional.of("task"), snapshot.type());
    assertEquals(Optional.of("gym"), snapshot.categoryId());
    assertEquals("done", snapshot.attributes().get("status"));
    assertEquals("p1", snapshot.attributes().get("priority"));
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
  void aChecklistItemChangeNamesTheItemItsChecklistAndItsTask() throws Exception {
    var task = task();
    var item = new ChecklistItem("i-1", "cl-1", "t-1", 0, "Shoes", true, NOW);
    notifications.checklistsChanged(
        new ChecklistChange(List.of(checklist()), List.of(item), List.of(task), Set.of("i-1")),
        ChangeOrigin.NONE);

    var batch = onlyPublished();
    assertEquals(
        List.of("CHECKLIST_ITEM", "TASK", "checklistItem.state:checked", "cl-1", "i-1", "t-1"),
        batch.tokens());
    var classified = classifier.classify(batch);
    assertEquals(Set.of("CHECKLIST_ITEM", "TASK"), Set.copyOf(classified.semanticKeys()));
    assertEquals(Set.of("cl-1", "i-1", "t-1"), Set.copyOf(classified.entityIds()));
    var itemSnapshot = batch.entities().get(1);
    assertEquals(Optional.of("checklistItem"), itemSnapshot.type());
    assertEquals(Optional.of("gym"), itemSnapshot.categoryId());
    assertEquals(Boolean.TRUE, itemSnapshot.attributes().get("checked"));
    assertEquals("t-1", itemSnapshot.attributes().get("taskId"));
    assertEquals("t-1", batch.entities().get(2).id(), "the task's snapshot rides along");
  }

  @Test
  void aRetitledChecklistItemCarriesNoStateToken() throws Exception {
    var item = new ChecklistItem("i-1", "cl-1", "t-1", 0, "Shoes", false, NOW);
    notifications.checklistsChanged(
        new ChecklistChange(List.of(checklist()), List.of(item), List.of(task()), Set.of()),
        ChangeOrigin.NONE);
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

  @Test
  void aMoveAcrossTasksIsOneBatchNamingBothChecklistsTheItemsAndBothTasks() throws Exception {
    var from = task();
    var to = new Task("t-2", "Shop", "home", TaskStatus.OPEN, TaskPriority.P2, NOW);
    var source = new Checklist("cl-1", "t-1", 0, "Gear", NOW);
    var target = new Checklist("cl-2", "t-2", 0, "List", NOW);
    var socks = new ChecklistItem("i-1", "cl-2", "t-2", 4, "Socks", false, NOW);
    var hat = new ChecklistItem("i-2", "cl-2", "t-2", 5, "Hat", false, NOW);
    notifications.checklistsChanged(
        new ChecklistChange(
            List.of(source, target), List.of(socks, hat), List.of(from, to), Set.of("i-2")),
        ChangeOrigin.agent("agent-1", "wk-1"));

    var batch = onlyPublished();
    assertEquals(
        List.of(
            "CHECKLIST_ITEM",
            "TASK",
            "checklistItem.state:unchecked",
            "cl-1",
            "cl-2",
            "i-1",
            "i-2",
            "t-1",
            "t-2"),
        batch.tokens());
    var classified = classifier.classify(batch);
    assertEquals(Set.of("CHECKLIST_ITEM", "TASK"), Set.copyOf(classified.semanticKeys()));
    assertEquals(
        Set.of("cl-1", "cl-2", "i-1", "i-2", "t-1", "t-2"), Set.copyOf(classified.entityIds()));
    var byId = new java.util.HashMap<String, NotificationBatch.EntitySnapshot>();
    batch.entities().forEach(e -> byId.put(e.id(), e));
    assertEquals(Optional.of("checklist"), byId.get("cl-1").type());
    assertEquals(Optional.of("gym"), byId.get("cl-1").categoryId(), "the source task's category");
    assertEquals(Optional.of("home"), byId.get("cl-2").categoryId());
    assertEquals(Optional.of("home"), byId.get("i-1").categoryId(), "the item's new task's");
    assertEquals("cl-2", byId.get("i-1").attributes().get("checklistId"));
    assertEquals("t-2", byId.get("i-2").attributes().get("taskId"));
    assertEquals(Optional.of("task"), byId.get("t-1").type());
    assertEquals(Optional.of("agent-1"), batch.originAgentId());
  }

  @Test
  void aChecklistChangeWithoutCheckedChangesCarriesNoStateToken() throws Exception {
    var task = task();
    var checklist = new Checklist("cl-1", "t-1", 0, "Gear", NOW);
    notifications.checklistsChanged(
        new ChecklistChange(List.of(checklist), List.of(), List.of(task), Set.of()),
        ChangeOrigin.NONE);
    assertEquals(List.of("CHECKLIST_ITEM", "TASK", "cl-1", "t-1"), onlyPublished().tokens());
  }

  @Test
  void aLabelChangeIsAnnouncedUnderItsKeyWithItsCategory() throws Exception {
    var label = new Label("l-1", "gym", "cardio", "#ff0000", NOW);
    notifications.labelChanged(label, false, List.of(), ChangeOrigin.NONE);
    var batch = onlyPublished();
    assertEquals(List.of("LABEL", "l-1"), batch.tokens());
    assertEquals(Set.of("LABEL"), Set.copyOf(classifier.classify(batch).semanticKeys()));
    var snapshot = batch.entities().get(0);
    assertEquals(Optional.of("label"), snapshot.type());
    assertEquals(Optional.of("gym"), snapshot.categoryId());
    assertEquals("cardio", snapshot.attributes().get("name"));
    assertEquals("#ff0000", snapshot.attributes().get("color"));
  }

  @Test
  void aDeletedLabelNamesTheTasksThatLostIt() throws Exception {
    var label = new Label("l-1", "gym", "cardio", null, NOW);
    notifications.labelChanged(label, true, List.of(task()), ChangeOrigin.NONE);
    var batch = onlyPublished();
    assertEquals(List.of("LABEL", "TASK", "label.state:deleted", "l-1", "t-1"), batch.tokens());
    assertEquals(
        Set.of("label.state:deleted"), Set.copyOf(classifier.classify(batch).subtypeTokens()));
    assertEquals(2, batch.entities().size());
  }

  @Test
  void aTasksLabelChangeNamesTheTaskAndTheLabelsPutOnOrTakenOff() throws Exception {
    var task = task();
    task.relabel(Set.of("l-1", "l-2"), NOW);
    task.useLanguage("de-DE", NOW);
    notifications.taskLabelsChanged(task, Set.of("l-2", "l-1"), ChangeOrigin.NONE);
    var batch = onlyPublished();
    assertEquals(List.of("TASK", "LABEL", "t-1", "l-1", "l-2"), batch.tokens());
    var snapshot = batch.entities().get(0);
    assertEquals(List.of("l-1", "l-2"), snapshot.attributes().get("labelIds"));
    assertEquals("de-DE", snapshot.attributes().get("language"));
  }

  private static Checklist checklist() {
    return new Checklist("cl-1", "t-1", 0, "Gear", NOW);
  }
}
