package io.reveille.tool.control.approval;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.tool.control.ToolOutcome;
import io.reveille.tool.control.ToolResult;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The check that an approved call did exactly what its preview showed. */
class PlannedChangesTest {

  private static final JsonObject PLAN =
      Json.createObjectBuilder()
          .add("toChecklistId", "c-2")
          .add("planId", JsonValue.NULL)
          .add(
              "moves",
              Json.createArrayBuilder()
                  .add(Json.createObjectBuilder().add("itemId", "i-1").add("checked", false))
                  .add(Json.createObjectBuilder().add("itemId", "i-2").add("checked", true)))
          .build();

  private static JsonObject preview() {
    return PlannedChanges.of(
        new ToolOutcome(PLAN, List.of("c-1", "i-1", "i-2"), List.of("CHECKLIST_ITEM")));
  }

  private static ToolResult applied(JsonObject payload, List<String> ids, List<String> tokens) {
    return ToolResult.success(
        "move", Optional.of("op"), "a-1", new ToolOutcome(payload, ids, tokens), false);
  }

  @Test
  void theSameOutcomeWithCreatedIdsAddedMatches() {
    var payload = Json.createObjectBuilder(PLAN).add("planId", "p-9").add("created", "t-7").build();
    var result =
        applied(payload, List.of("c-1", "i-1", "i-2", "t-7"), List.of("CHECKLIST_ITEM", "TASK"));
    assertEquals(Optional.empty(), PlannedChanges.difference(preview(), result));
  }

  @Test
  void aValueOtherThanPreviewedIsNamedByItsPath() {
    var moves =
        Json.createArrayBuilder()
            .add(Json.createObjectBuilder().add("itemId", "i-1").add("checked", false))
            .add(Json.createObjectBuilder().add("itemId", "i-2").add("checked", false));
    var payload = Json.createObjectBuilder(PLAN).add("moves", moves).build();
    var difference =
        PlannedChanges.difference(
            preview(), applied(payload, List.of("c-1", "i-1", "i-2"), List.of("CHECKLIST_ITEM")));
    assertEquals(
        Optional.of("payload.moves[1].checked: previewed true, applied false"), difference);
  }

  @Test
  void aMissingMoveAnUnchangedEntityOrAMissingTokenDiffers() {
    var fewer =
        Json.createObjectBuilder(PLAN)
            .add("moves", Json.createArrayBuilder().add(PLAN.getJsonArray("moves").get(0)))
            .build();
    assertTrue(
        PlannedChanges.difference(
                preview(), applied(fewer, List.of("c-1", "i-1", "i-2"), List.of("CHECKLIST_ITEM")))
            .orElseThrow()
            .startsWith("payload.moves"));
    assertEquals(
        Optional.of("entity i-2 was to change but did not"),
        PlannedChanges.difference(
            preview(), applied(PLAN, List.of("c-1", "i-1"), List.of("CHECKLIST_ITEM"))));
    assertEquals(
        Optional.of("change CHECKLIST_ITEM was planned but not made"),
        PlannedChanges.difference(
            preview(), applied(PLAN, List.of("c-1", "i-1", "i-2"), List.of())));
  }
}
