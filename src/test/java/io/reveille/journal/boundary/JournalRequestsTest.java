package io.reveille.journal.boundary;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.journal.boundary.DayPlanRequests.BlocksRequest;
import io.reveille.journal.boundary.DayPlanRequests.PinsRequest;
import io.reveille.journal.boundary.JournalRequests.LabelPatch;
import io.reveille.journal.boundary.JournalRequests.RatingRequest;
import io.reveille.journal.boundary.JournalRequests.TaskPatch;
import io.reveille.journal.boundary.JournalRequests.TaskRequest;
import io.reveille.journal.control.DayPlanService.PinMode;
import io.reveille.journal.entity.TaskStatus;
import io.reveille.platform.error.InvalidInputException;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.time.LocalDate;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class JournalRequestsTest {

  @Test
  void aTaskPatchTellsAnAbsentFieldFromOneClearedByNull() {
    var changes =
        TaskPatch.read(json("{\"description\":null,\"dueDate\":\"2026-03-01\"}")).changes();
    assertEquals(Optional.of(Optional.empty()), changes.description(), "null clears");
    assertEquals(Optional.of(Optional.of(LocalDate.parse("2026-03-01"))), changes.dueDate());
    assertEquals(Optional.empty(), changes.categoryId(), "absent leaves the field");
    assertEquals(Optional.empty(), changes.title());
  }

  @Test
  void aTaskPatchRefusesToClearARequiredFieldAndAnEmptyBody() {
    assertEquals("title", refused(() -> TaskPatch.read(json("{\"title\":null}"))));
    assertEquals("status", refused(() -> TaskPatch.read(json("{\"status\":null}"))));
    assertEquals("body", refused(() -> TaskPatch.read(json("{}"))));
  }

  @Test
  void anUnknownFieldIsRefusedUnderItsOwnName() {
    assertEquals("titel", refused(() -> TaskRequest.read(json("{\"titel\":\"x\"}"))));
    // The merge patch's record of given fields is not a field a client may send.
    assertEquals("given", refused(() -> LabelPatch.read(json("{\"given\":[]}"))));
    assertEquals("body", refused(() -> TaskRequest.read(null)));
  }

  @Test
  void theAcceptedFieldsAreTheRecordsComponentsLessTheHiddenOnes() {
    assertEquals(Set.of("name", "color"), JournalJson.fields(LabelPatch.class));
    assertTrue(JournalJson.fields(TaskRequest.class).contains("estimateMinutes"));
  }

  @Test
  void everyBadValueIsReportedUnderItsField() {
    assertEquals(
        "status", refused(() -> TaskRequest.read(json("{\"title\":\"x\",\"status\":\"LATER\"}"))));
    assertEquals(
        "estimateMinutes",
        refused(() -> TaskRequest.read(json("{\"title\":\"x\",\"estimateMinutes\":1.5}"))));
    assertEquals("value", refused(() -> RatingRequest.read(json("{\"targetType\":\"task\"}"))));
    assertEquals(
        "upserts[0].startTime",
        refused(
            () ->
                BlocksRequest.read(
                    json(
                        "{\"upserts\":[{\"categoryId\":\"c\",\"startTime\":\"9am\","
                            + "\"endTime\":\"2026-01-01T10:00:00Z\"}]}"))));
    assertEquals(
        "upserts[0].colour",
        refused(() -> BlocksRequest.read(json("{\"upserts\":[{\"colour\":\"red\"}]}"))));
    assertEquals("mode", refused(() -> PinsRequest.read(json("{\"taskIds\":[],\"mode\":\"x\"}"))));
  }

  @Test
  void everyBadFieldOfABodyIsReportedAtOnce() {
    var refused =
        assertThrows(
            InvalidInputException.class,
            () ->
                TaskRequest.read(
                    json(
                        "{\"titel\":\"x\",\"status\":\"LATER\",\"estimateMinutes\":\"1h\","
                            + "\"dueDate\":\"soon\"}")));
    assertEquals(
        List.of("titel", "status", "estimateMinutes", "dueDate"),
        refused.getViolations().stream().map(v -> v.field()).toList());
    assertTrue(refused.getMessage().startsWith("4 invalid fields: "), refused.getMessage());

    var blocks =
        assertThrows(
            InvalidInputException.class,
            () ->
                BlocksRequest.read(
                    json(
                        "{\"upserts\":[{\"categoryId\":\"c\"},{\"colour\":1,\"categoryId\":\"c\","
                            + "\"startTime\":\"2026-01-01T09:00:00Z\","
                            + "\"endTime\":\"2026-01-01T10:00:00Z\"}],\"deletes\":[7]}")));
    assertEquals(
        List.of("upserts[0].startTime", "upserts[0].endTime", "upserts[1].colour", "deletes[0]"),
        blocks.getViolations().stream().map(v -> v.field()).toList());
  }

  @Test
  void aRequiredFieldOfTheWrongTypeIsReportedOnceForItsType() {
    var refused =
        assertThrows(
            InvalidInputException.class,
            () -> JournalRequests.TaskLabelsRequest.read(json("{\"labelIds\":[\"a\",3]}")));
    assertEquals(
        List.of("labelIds[1]"), refused.getViolations().stream().map(v -> v.field()).toList());
  }

  @Test
  void defaultsAreFilledWhereTheApiPromisesThem() {
    var request = TaskRequest.read(json("{\"title\":\"x\",\"status\":\"inProgress\"}"));
    assertEquals(Optional.of(TaskStatus.IN_PROGRESS), request.newTask().status());
    assertEquals(Optional.empty(), request.newTask().priority(), "the service's default");
    assertEquals(PinMode.REPLACE, PinsRequest.read(json("{\"taskIds\":[\"a\"]}")).pinMode());
  }

  private static String refused(Runnable read) {
    return assertThrows(InvalidInputException.class, read::run).getField();
  }

  private static JsonObject json(String text) {
    return Json.createReader(new StringReader(text)).readObject();
  }
}
