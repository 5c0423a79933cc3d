package io.reveille.tool.control.scope;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.tool.control.ToolErrorCode;
import io.reveille.tool.control.ToolFailure;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class TaskSubgraphTest {

  private final List<String> recorded = new ArrayList<>();
  private final AtomicInteger reads = new AtomicInteger();

  private TaskSubgraph subgraph(Optional<String> activeTaskId, Set<String> created) {
    return new TaskSubgraph(
        activeTaskId,
        () -> {
          reads.incrementAndGet();
          return created;
        },
        recorded::add);
  }

  @Test
  void aTaskAgentWritesItsTaskAndTheTasksItCreatedAndNothingElseOfItsCategory() {
    var scope =
        CategoryScope.of(Set.of("work"))
            .within(subgraph(Optional.of("t-own"), Set.of("t-follow-up")));

    scope.requireTask("work", "t-own", "task", "t-own");
    scope.requireTask("work", "t-follow-up", "checklist", "c-1");
    var other =
        assertThrows(
            ToolFailure.class, () -> scope.requireTask("work", "t-other", "checklist item", "i-9"));
    assertEquals(ToolErrorCode.OUT_OF_SCOPE, other.getCode());
    assertTrue(
        other.getMessage().startsWith("checklist item i-9 belongs to no task of this task agent's"),
        other::getMessage);
    assertThrows(ToolFailure.class, () -> scope.requireTask("work", null, "dayPlan", "p-1"));
    assertThrows(
        ToolFailure.class,
        () -> scope.requireTask("home", "t-own", "task", "t-own"),
        "the category still holds first");
    assertEquals(1, reads.get(), "the created tasks are read once a call");
  }

  @Test
  void aTaskItCreatesJoinsAtOnceAndIsRecordedOnce() {
    var scope = CategoryScope.of(Set.of("work")).within(subgraph(Optional.empty(), Set.of()));

    assertThrows(ToolFailure.class, () -> scope.requireTask("work", "t-new", "task", "t-new"));
    scope.created("t-new");
    scope.created("t-new");
    scope.requireTask("work", "t-new", "task", "t-new");
    assertEquals(List.of("t-new"), recorded);
  }

  @Test
  void anyOtherAgentIsHeldToItsCategoriesOnly() {
    var scope = CategoryScope.of(Set.of("work"));
    scope.requireTask("work", "t-any", "task", "t-any");
    scope.requireTask("work", null, "dayPlan", "p-1");
    scope.created("t-new");
    assertThrows(ToolFailure.class, () -> scope.requireTask("home", "t-any", "task", "t-any"));
  }
}
