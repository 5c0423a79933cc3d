package io.reveille.wake.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.wake.entity.RunCheckpoint;
import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class CheckpointTest {

  @Test
  void theCursorNamesThePhaseStepNextOrdinalPlanArtifactsAndLastCall() {
    var json =
        new Checkpoint(
                "model_turn", 2, 5, List.of("model_turn"), List.of("task-1"), Optional.of("k"))
            .toJson();

    assertEquals("model_turn", json.getString("phase"));
    assertEquals(2, json.getInt("stepIndex"));
    assertEquals(5, json.getInt("nextOrdinal"));
    assertEquals("model_turn", json.getJsonArray("remaining").getString(0));
    assertEquals("task-1", json.getJsonArray("artifacts").getString(0));
    assertEquals("k", json.getString("lastToolCall"));
    assertFalse(
        new Checkpoint("plan", 0, 0, List.of(), List.of(), Optional.empty())
            .toJson()
            .containsKey("lastToolCall"));
  }

  @Test
  void aCursorOfManyLongItemsStillFitsItsColumn() {
    var many = IntStream.range(0, 500).mapToObj(i -> "x".repeat(1000) + i).toList();
    var json =
        new Checkpoint("model_turn", 9, 9, many, many, Optional.of("k".repeat(200))).toJson();

    assertTrue(
        json.toString().length() <= RunCheckpoint.CURSOR_LENGTH, json.toString().length() + "");
    assertEquals(Checkpoint.MAX_ITEMS, json.getJsonArray("artifacts").size());
  }
}
