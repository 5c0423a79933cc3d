package io.reveille.agent.entity;

import static io.reveille.agent.entity.AgentConfigTest.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.error.InvalidInputException;
import jakarta.json.Json;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class AgentSlotsTest {

  @Test
  void userSlotsWithEveryFieldAreReadAndShownBack() {
    var slots =
        AgentSlots.fromUserJson(
            json(
                """
        {"primaryGoal":"stay informed","activeTaskId":"task-1","openLoopIds":["b","a"],
         "preferenceByKey":{"tone":"brief","lang":"en"},"extension":{"acme.mood":"calm"}}"""),
            "slots");
    assertEquals(Optional.of("stay informed"), slots.getPrimaryGoal());
    assertEquals(Optional.of("task-1"), slots.getActiveTaskId());
    assertEquals(List.of("b", "a"), slots.getOpenLoopIds());
    assertEquals(Map.of("tone", "brief", "lang", "en"), slots.getPreferenceByKey());
    assertEquals(
        json(
            """
        {"schemaVersion":1,"primaryGoal":"stay informed","activeTaskId":"task-1",
         "openLoopIds":["b","a"],"preferenceByKey":{"lang":"en","tone":"brief"},
         "extension":{"acme.mood":"calm"}}"""),
        slots.toJson());
  }

  @Test
  void emptySlotsHaveNoGoalNoTaskAndEmptyCollections() {
    var empty = AgentSlots.empty();
    assertEquals(Optional.empty(), empty.getPrimaryGoal());
    assertEquals(Optional.empty(), empty.getActiveTaskId());
    assertEquals(List.of(), empty.getOpenLoopIds());
    assertEquals(empty, AgentSlots.fromUserJson(json("{}"), "slots"));
  }

  @Test
  void badListItemIsRejectedNamingItsIndex() {
    assertEquals(
        "slots.openLoopIds[2]",
        assertThrows(
                InvalidInputException.class,
                () -> AgentSlots.fromUserJson(json("{\"openLoopIds\":[\"a\",\"b\",3]}"), "slots"))
            .getField());
    assertEquals(
        "slots.openLoopIds[1]",
        assertThrows(
                InvalidInputException.class,
                () -> AgentSlots.fromUserJson(json("{\"openLoopIds\":[\"a\",\"a\"]}"), "slots"))
            .getField());
    assertEquals(
        "slots.openLoopIds",
        assertThrows(
                InvalidInputException.class,
                () -> AgentSlots.fromUserJson(json("{\"openLoopIds\":\"a\"}"), "slots"))
            .getField());
  }

  @Test
  void tooManyOpenLoopsAreRejected() {
    var loops = Json.createArrayBuilder();
    for (int i = 0; i <= AgentSlots.MAX_OPEN_LOOPS; i++) {
      loops.add("loop-" + i);
    }
    assertEquals(
        "slots.openLoopIds",
        assertThrows(
                InvalidInputException.class,
                () ->
                    AgentSlots.fromUserJson(
                        Json.createObjectBuilder().add("openLoopIds", loops).build(), "slots"))
            .getField());
  }

  @Test
  void preferenceValuesMustBeStringsAndNamedByTheirKey() {
    assertEquals(
        "slots.preferenceByKey.tone",
        assertThrows(
                InvalidInputException.class,
                () -> AgentSlots.fromUserJson(json("{\"preferenceByKey\":{\"tone\":1}}"), "slots"))
            .getField());
    assertEquals(
        "slots.activeTaskId",
        assertThrows(
                InvalidInputException.class,
                () -> AgentSlots.fromUserJson(json("{\"activeTaskId\":{}}"), "slots"))
            .getField());
  }

  @Test
  void unknownTopLevelFieldAndUnnamespacedExtensionAreRejected() {
    assertEquals(
        "slots.goal",
        assertThrows(
                InvalidInputException.class,
                () -> AgentSlots.fromUserJson(json("{\"goal\":\"x\"}"), "slots"))
            .getField());
    assertEquals(
        "slots.extension.mood",
        assertThrows(
                InvalidInputException.class,
                () -> AgentSlots.fromUserJson(json("{\"extension\":{\"mood\":1}}"), "slots"))
            .getField());
    AgentSlots.fromUserJson(json("{\"extension\":{\"org.example.mood-v2\":1}}"), "slots");
  }

  @Test
  void unknownFieldsFromANewerVersionSurviveReadModifyWrite() {
    var stored =
        """
        {"schemaVersion":1,"primaryGoal":"g","deadlineByLoop":{"a":"2027-01-01"},\
        "openLoopIds":["a"]}""";
    var changed = AgentSlots.fromStored(stored).withActiveTaskId("task-9");
    var written = json(changed.toStored());
    assertEquals("task-9", written.getString("activeTaskId"));
    assertEquals("g", written.getString("primaryGoal"));
    assertEquals(json("{\"a\":\"2027-01-01\"}"), written.getJsonObject("deadlineByLoop"));
    assertEquals(changed, AgentSlots.fromStored(changed.toStored()));
  }

  @Test
  void withersChangeOneFieldAndApplyTheUserRules() {
    var slots =
        AgentSlots.empty()
            .withPrimaryGoal("g")
            .withActiveTaskId("t")
            .withOpenLoopIds(List.of("x", "y"))
            .withPreference("tone", "brief")
            .withPreference("lang", "en")
            .withPreference("lang", null);
    assertEquals(Optional.of("t"), slots.getActiveTaskId());
    assertEquals(Map.of("tone", "brief"), slots.getPreferenceByKey());
    assertEquals(Optional.empty(), slots.withActiveTaskId(null).getActiveTaskId());
    assertEquals(
        "slots.openLoopIds[1]",
        assertThrows(InvalidInputException.class, () -> slots.withOpenLoopIds(List.of("x", "x")))
            .getField());
    assertEquals(
        "slots.activeTaskId",
        assertThrows(InvalidInputException.class, () -> slots.withActiveTaskId(" t")).getField());
  }

  @Test
  void converterRoundTripsAndReadsAMissingValueAsEmpty() {
    var converter = new AgentSlots.Converter();
    var slots =
        AgentSlots.empty()
            .withOpenLoopIds(List.of("z", "a"))
            .withPreference("k", "v")
            .withExtension(json("{\"acme.list\":[true,null]}"));
    var column = converter.convertToDatabaseColumn(slots);
    assertEquals(slots, converter.convertToEntityAttribute(column));
    assertEquals(
        List.of("z", "a"),
        converter.convertToEntityAttribute(column).getOpenLoopIds(),
        "order of open loops is kept");
    assertEquals(AgentSlots.empty(), converter.convertToEntityAttribute(null));
  }

  @Test
  void collectionsAreNotModifiableFromOutside() {
    var slots = AgentSlots.empty().withOpenLoopIds(List.of("a")).withPreference("k", "v");
    assertThrows(UnsupportedOperationException.class, () -> slots.getOpenLoopIds().add("b"));
    assertThrows(
        UnsupportedOperationException.class, () -> slots.getPreferenceByKey().put("x", "y"));
    assertTrue(slots.getExtension().isEmpty());
  }
}
