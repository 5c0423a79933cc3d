package io.reveille.workflow.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class ToolNameRepairTest {

  private static final List<String> OFFERED =
      List.of("set_task_status", "update_task_priority", "add_checklist_item", "get_task");

  @Test
  void aSwapOfNeighbouringLettersIsOneEdit() {
    assertEquals(1, ToolNameRepair.distance("set_taks_status", "set_task_status"));
    assertEquals(
        Optional.of("set_task_status"), ToolNameRepair.intended("set_taks_status", OFFERED));
  }

  @Test
  void upToTwoEditsOfExactlyOneToolAreForgiven() {
    assertEquals(Optional.of("get_task"), ToolNameRepair.intended("get_tsk", OFFERED));
    assertEquals(
        Optional.of("add_checklist_item"), ToolNameRepair.intended("add_checklistitems", OFFERED));
    assertEquals(Optional.empty(), ToolNameRepair.intended("add_check_list_itemzz", OFFERED));
  }

  @Test
  void theOtherVerbOfAPairIsTheToolOffered() {
    assertEquals(
        Optional.of("set_task_status"), ToolNameRepair.intended("update_task_status", OFFERED));
    assertEquals(
        Optional.of("update_task_priority"), ToolNameRepair.intended("set_task_priority", OFFERED));
    assertEquals(Optional.empty(), ToolNameRepair.intended("set_task_estimate", OFFERED));
    assertEquals(Optional.empty(), ToolNameRepair.intended("update_", OFFERED));
  }

  @Test
  void aNameAsNearToTwoToolsIsNotGuessed() {
    var offered = List.of("get_task", "get_tasks", "set_task_status");
    assertEquals(Optional.empty(), ToolNameRepair.intended("get_taskz", offered));
  }

  @Test
  void aNameFarFromEveryToolIsNotGuessed() {
    assertEquals(Optional.empty(), ToolNameRepair.intended("delete_everything", OFFERED));
    assertEquals(Optional.empty(), ToolNameRepair.intended("x".repeat(10_000), OFFERED));
  }

  @Test
  void theDistanceCountsInsertionsDeletionsAndChanges() {
    assertEquals(0, ToolNameRepair.distance("abc", "abc"));
    assertEquals(1, ToolNameRepair.distance("abc", "abcd"));
    assertEquals(1, ToolNameRepair.distance("abcd", "acd"));
    assertEquals(1, ToolNameRepair.distance("abc", "abx"));
    assertEquals(3, ToolNameRepair.distance("", "abc"));
  }
}
