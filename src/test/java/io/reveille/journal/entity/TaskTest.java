package io.reveille.journal.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.IllegalTransitionException;
import io.reveille.platform.error.InvalidInputException;
import java.time.Instant;
import java.time.LocalDate;
import org.junit.jupiter.api.Test;

class TaskTest {

  private static final Instant T0 = Instant.parse("2026-01-10T08:00:00Z");
  private static final Instant T1 = T0.plusSeconds(60);

  private static Task task(TaskStatus status) {
    return new Task("t-1", "  Write the report ", "work", status, TaskPriority.P2, T0);
  }

  @Test
  void aNewTaskKeepsItsTrimmedTitleAndCategory() {
    var task = task(TaskStatus.OPEN);
    assertEquals("Write the report", task.getTitle());
    assertEquals("work", task.getCategoryId());
    assertEquals(T0, task.getUpdatedAt());
  }

  @Test
  void constructorRefusesBlankTitleAndMissingStatusNamingTheField() {
    var blank =
        assertThrows(
            InvalidInputException.class,
            () -> new Task("t-1", " ", null, TaskStatus.OPEN, TaskPriority.P2, T0));
    assertEquals("title", blank.getField());
    var noStatus =
        assertThrows(
            InvalidInputException.class,
            () -> new Task("t-1", "x", null, null, TaskPriority.P2, T0));
    assertEquals("status", noStatus.getField());
    var longCategory =
        assertThrows(
            InvalidInputException.class,
            () -> new Task("t-1", "x", "c".repeat(65), TaskStatus.OPEN, TaskPriority.P2, T0));
    assertEquals("categoryId", longCategory.getField());
    assertThrows(
        IllegalArgumentException.class,
        () -> new Task(" ", "x", null, TaskStatus.OPEN, TaskPriority.P2, T0));
  }

  @Test
  void openWorkMovesFreelyAndEndsDoneOrRejected() {
    var task = task(TaskStatus.OPEN);
    assertTrue(task.moveTo(TaskStatus.IN_PROGRESS, T1));
    assertTrue(task.moveTo(TaskStatus.BLOCKED, T1));
    assertTrue(task.moveTo(TaskStatus.OPEN, T1));
    assertTrue(task.moveTo(TaskStatus.DONE, T1));
    assertEquals(TaskStatus.DONE, task.getStatus());
    assertEquals(T1, task.getUpdatedAt());
  }

  @Test
  void stayingInTheSameStatusIsNoMove() {
    var task = task(TaskStatus.BLOCKED);
    assertFalse(task.moveTo(TaskStatus.BLOCKED, T1));
    assertEquals(T0, task.getUpdatedAt());
  }

  @Test
  void aClosedTaskCanOnlyBeReopened() {
    for (var closed : new TaskStatus[] {TaskStatus.DONE, TaskStatus.REJECTED}) {
      for (var next : TaskStatus.values()) {
        if (next == closed || next == TaskStatus.OPEN) {
          continue;
        }
        var task = task(closed);
        var e = assertThrows(IllegalTransitionException.class, () -> task.moveTo(next, T1));
        assertEquals(closed.wire(), e.getFrom());
        assertEquals(next.wire(), e.getTo());
        assertEquals(closed, task.getStatus());
      }
      assertTrue(task(closed).moveTo(TaskStatus.OPEN, T1));
    }
  }

  @Test
  void aClosedTaskRefusesContentEditsUntilReopened() {
    var task = task(TaskStatus.DONE);
    assertThrows(ConflictException.class, () -> task.retitle("New", T1));
    assertThrows(ConflictException.class, () -> task.prioritize(TaskPriority.P0, T1));
    assertThrows(ConflictException.class, () -> task.estimate(10, T1));
    task.moveTo(TaskStatus.OPEN, T1);
    task.retitle("New", T1);
    assertEquals("New", task.getTitle());
  }

  @Test
  void optionalFieldsAreSetAndCleared() {
    var task = task(TaskStatus.OPEN);
    task.estimate(45, T1);
    task.scheduleDue(LocalDate.parse("2026-02-01"), T1);
    task.describe("details", T1);
    task.recategorize(null, T1);
    assertEquals(45, task.getEstimateMinutes());
    assertEquals(LocalDate.parse("2026-02-01"), task.getDueDate());
    assertEquals("details", task.getDescription());
    assertNull(task.getCategoryId());
    task.estimate(null, T1);
    task.scheduleDue(null, T1);
    assertNull(task.getEstimateMinutes());
    assertNull(task.getDueDate());
  }

  @Test
  void estimatesMustBeWithinAYear() {
    var task = task(TaskStatus.OPEN);
    assertEquals(
        "estimateMinutes",
        assertThrows(InvalidInputException.class, () -> task.estimate(-1, T1)).getField());
    assertThrows(
        InvalidInputException.class, () -> task.estimate(Task.MAX_ESTIMATE_MINUTES + 1, T1));
  }

  @Test
  void groomedAndOnHoldAreOpenWorkThatMovesFreelyAndAClosedTaskIsOnlyReopened() {
    for (var from : java.util.List.of(TaskStatus.GROOMED, TaskStatus.ON_HOLD)) {
      assertFalse(from.isClosed(), from::toString);
      for (var to : TaskStatus.values()) {
        assertEquals(to != from, from.canMoveTo(to), from + " to " + to);
      }
    }
    for (var closed : java.util.List.of(TaskStatus.DONE, TaskStatus.REJECTED)) {
      assertFalse(closed.canMoveTo(TaskStatus.GROOMED), closed::toString);
      assertFalse(closed.canMoveTo(TaskStatus.ON_HOLD), closed::toString);
      assertTrue(closed.canMoveTo(TaskStatus.OPEN), closed::toString);
    }
  }

  @Test
  void statusAndPriorityTravelInLowerCamelCaseAndTheConstantNamesStillParse() {
    assertEquals(
        java.util.List.of("open", "inProgress", "blocked", "groomed", "onHold", "done", "rejected"),
        io.reveille.platform.wire.WireEnum.values(TaskStatus.class));
    assertEquals(
        java.util.List.of("p0", "p1", "p2", "p3"),
        io.reveille.platform.wire.WireEnum.values(TaskPriority.class));
    for (var status : TaskStatus.values()) {
      assertEquals(
          status, io.reveille.platform.wire.WireEnum.parse(TaskStatus.class, status.name()));
      assertEquals(status, new TaskStatus.Converter().convertToEntityAttribute(status.name()));
    }
    assertEquals(
        "inProgress", new TaskStatus.Converter().convertToDatabaseColumn(TaskStatus.IN_PROGRESS));
    assertEquals(TaskPriority.P3, new TaskPriority.Converter().convertToEntityAttribute("P3"));
    assertEquals("p3", new TaskPriority.Converter().convertToDatabaseColumn(TaskPriority.P3));
  }
}
