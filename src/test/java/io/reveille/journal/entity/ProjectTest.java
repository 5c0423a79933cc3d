package io.reveille.journal.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.error.IllegalTransitionException;
import io.reveille.platform.error.InvalidInputException;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ProjectTest {

  private static final Instant NOW = Instant.parse("2026-11-30T10:00:00Z");

  @Test
  void aProjectMovesFreelyUntilArchivedThenOnlyOpensAgainWithAReason() {
    var project = new Project("p-1", " Launch ", null, "c-1", NOW);
    assertEquals(ProjectStatus.OPEN, project.getStatus());
    assertEquals("Launch", project.getTitle());

    project.moveTo(ProjectStatus.ACTIVE, "started", NOW);
    project.moveTo(ProjectStatus.ARCHIVED, "shelved", NOW);
    assertEquals(Optional.of("shelved"), project.getStatusReason());
    assertThrows(
        IllegalTransitionException.class, () -> project.moveTo(ProjectStatus.ACTIVE, "back", NOW));
    assertThrows(
        IllegalTransitionException.class,
        () -> project.moveTo(ProjectStatus.ARCHIVED, "again", NOW),
        "staying put is not a move");
    assertThrows(InvalidInputException.class, () -> project.moveTo(ProjectStatus.OPEN, " ", NOW));
    assertEquals(ProjectStatus.ARCHIVED, project.getStatus(), "a refused move changes nothing");
    project.moveTo(ProjectStatus.OPEN, "back on", NOW);
    assertEquals(ProjectStatus.OPEN, project.getStatus());
  }

  @Test
  void aTaskJoinsOnlyAProjectOfItsCategoryThatIsNotArchived() {
    var project = new Project("p-1", "Launch", null, "c-1", NOW);
    var task = new Task("t-1", "Copy", "c-1", TaskStatus.OPEN, TaskPriority.P2, NOW);
    var other = new Task("t-2", "Other", "c-2", TaskStatus.OPEN, TaskPriority.P2, NOW);

    assertTrue(task.joinProject(project, NOW));
    assertFalse(task.joinProject(project, NOW), "joining again changes nothing");
    assertEquals(Optional.of("p-1"), task.getProjectId());
    assertThrows(InvalidInputException.class, () -> other.joinProject(project, NOW));
    task.recategorize("c-2", NOW);
    assertEquals(Optional.empty(), task.getProjectId(), "a task leaves with its category");

    project.moveTo(ProjectStatus.ARCHIVED, "done", NOW);
    var late = new Task("t-3", "Late", "c-1", TaskStatus.OPEN, TaskPriority.P2, NOW);
    assertThrows(InvalidInputException.class, () -> late.joinProject(project, NOW));
  }

  @Test
  void aRelationIsNamedFromEitherSide() {
    var blocked = TaskRelation.named("isBlockedBy").orElseThrow();
    assertEquals(TaskRelation.BLOCKS, blocked.relation());
    assertFalse(blocked.fromSide());
    assertTrue(TaskRelation.named("relatesTo").orElseThrow().fromSide());
    assertTrue(TaskRelation.named("dependsOn").isEmpty());
    assertEquals(11, TaskRelation.names().size());

    var link = new TaskLink("l-1", "t-1", TaskRelation.BLOCKS, "t-2", NOW);
    assertEquals("blocks", link.relationSeenFrom("t-1"));
    assertEquals("isBlockedBy", link.relationSeenFrom("t-2"));
    assertEquals("t-1", link.otherThan("t-2"));
    assertThrows(
        InvalidInputException.class,
        () -> new TaskLink("l-2", "t-1", TaskRelation.FIXES, "t-1", NOW),
        "never a task to itself");
  }
}
