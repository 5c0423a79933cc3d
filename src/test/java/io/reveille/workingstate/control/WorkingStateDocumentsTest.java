package io.reveille.workingstate.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.error.InvalidInputException;
import io.reveille.workingstate.control.Expectation.Status;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class WorkingStateDocumentsTest {

  private static final Instant NOW = Instant.parse("2026-11-26T09:00:00Z");

  private static JsonObject json(String text) {
    try (var reader = Json.createReader(new StringReader(text.replace('\'', '"')))) {
      return reader.readObject();
    }
  }

  private static WorkingState withItem() {
    return WorkingState.empty()
        .apply(
            WorkingStateDocuments.delta(
                json(
                    "{'schemaVersion':1,'itemOps':[{'op':'add','item':{'id':'i-1','kind':'task',"
                        + "'title':'Call Ana','status':'active'}}]}")),
            java.time.Instant.EPOCH);
  }

  @Test
  void anItemsRelatedEntitiesAndTimesAreKeptThroughTheStoredDocument() {
    var added = java.time.Instant.parse("2026-11-30T08:00:00Z");
    var state =
        WorkingState.empty()
            .apply(
                WorkingStateDocuments.delta(
                    json(
                        "{'schemaVersion':1,'itemOps':[{'op':'add','item':{'id':'i-1',"
                            + "'kind':'question','title':'Which room?','status':'active',"
                            + "'relatedEntityIds':['t-1','c-2']}}]}")),
                added);
    var item = state.item("i-1").orElseThrow();
    assertEquals(List.of("t-1", "c-2"), item.relatedEntityIds());
    assertEquals(added, item.createdAt());
    assertEquals(added, item.updatedAt());
    var stored = WorkingStateDocuments.fromJson(WorkingStateDocuments.toJson(state));
    assertEquals(item, stored.item("i-1").orElseThrow());
    assertThrows(
        InvalidInputException.class,
        () ->
            WorkingStateDocuments.delta(
                json(
                    "{'schemaVersion':1,'itemOps':[{'op':'add','item':{'id':'i-2','kind':'note',"
                        + "'title':'x','status':'active','createdAt':'2020-01-01T00:00:00Z'}}]}")),
        "a delta does not set an item's times: the server stamps them");
  }

  @Test
  void aValidDeltaDocumentAppliesEveryKindOfChange() {
    var state =
        withItem()
            .apply(
                WorkingStateDocuments.delta(
                    json(
                        "{'schemaVersion':1,"
                            + "'understanding':{'entities':[{'id':'t-1','kind':'TASK','name':'Tax'}],"
                            + "'dependencies':[{'from':'t-1','to':'t-2','rel':'blocks'}]},"
                            + "'assumptions':[{'id':'a-1','hypothesis':'Ana answers','confidence':0.6}],"
                            + "'expectations':[{'id':'e-1','action':'create_task',"
                            + "'expectedOutcome':'one task','expectedCount':1}],"
                            + "'hypotheses':[{'id':'h-1','hypothesis':'It is late','reason':'no reply'}],"
                            + "'itemOps':[{'op':'update','id':'i-1','patch':{'status':'resolved'}},"
                            + "{'op':'add','item':{'id':'i-2','kind':'question','title':'Which room?',"
                            + "'status':'active'}},{'op':'remove','id':'i-1'}]}")),
                java.time.Instant.EPOCH);

    assertEquals(List.of(new WorkingState.Entity("t-1", "TASK", "Tax")), state.entities());
    assertEquals("blocks", state.dependencies().get(0).rel());
    assertEquals(0.6, state.assumptions().get(0).confidence());
    assertEquals(Status.PENDING, state.expectations().get(0).status());
    assertEquals(OptionalInt.of(1), state.expectations().get(0).expectedCount());
    assertEquals("no reply", state.hypotheses().get(0).reason());
    assertEquals(List.of("i-2"), state.items().stream().map(WorkingState.Item::id).toList());
  }

  @Test
  void anExpectationsInvariantIsKeptShownAndBounded() {
    var state =
        WorkingState.empty()
            .apply(
                WorkingStateDocuments.delta(
                    json(
                        "{'schemaVersion':1,'expectations':[{'id':'e-1','action':'update_task_fields',"
                            + "'expectedOutcome':'the title changes',"
                            + "'invariant':'the task stays in category work'}]}")),
                java.time.Instant.EPOCH);
    var expectation = state.expectations().get(0);
    assertEquals(java.util.Optional.of("the task stays in category work"), expectation.invariant());
    var stored = WorkingStateDocuments.toJson(expectation);
    assertEquals("the task stays in category work", stored.getString("invariant"));
    assertEquals(expectation, WorkingStateDocuments.expectation(stored));
    assertEquals(
        expectation.invariant(),
        expectation.checked(Status.CONFIRMED, NOW).invariant(),
        "a check keeps it");
    assertTrue(
        WorkingStateText.render(state).contains("invariant: the task stays in category work"),
        () -> WorkingStateText.render(state));
    var tooLong =
        assertThrows(
            io.reveille.platform.error.InvalidInputException.class,
            () -> expectation.withInvariant(java.util.Optional.of("x".repeat(1001))));
    assertEquals("expectation.invariant", tooLong.getField());
  }

  @Test
  void theSchemaRefusesEveryBadFieldAtOnceByItsJsonPath() {
    var refused =
        assertThrows(
            InvalidInputException.class,
            () ->
                WorkingStateDocuments.delta(
                    json(
                        "{'schemaVersion':1,'itemOps':[{'op':'add','item':{'id':'i-9','kind':'task',"
                            + "'title':'ok','status':'active'}},{'op':'rename','id':'i-1'}],"
                            + "'assumptions':[{'id':'a-1','hypothesis':'sure','confidence':1.5}],"
                            + "'surprise':true}")));
    var fields = refused.getViolations().stream().map(v -> v.field()).toList();
    assertTrue(fields.contains("itemOps[1].op"), fields::toString);
    assertTrue(fields.contains("assumptions[0].confidence"), fields::toString);
    assertTrue(fields.contains("surprise"), "the unknown property: " + fields);
    assertTrue(fields.stream().noneMatch(f -> f.startsWith("itemOps[0]")), fields::toString);
    assertEquals(3, fields.size(), refused::getMessage);
  }

  @Test
  void aDeltaWhoseFirstOperationIsValidAndALaterOneIsNotAppliesNothing() {
    var state = withItem();
    var delta =
        WorkingStateDocuments.delta(
            json(
                "{'schemaVersion':1,'understanding':{'entities':[{'id':'t-1','kind':'TASK'}]},"
                    + "'itemOps':[{'op':'update','id':'i-1','patch':{'title':'Call Ana today'}},"
                    + "{'op':'add','item':{'id':'i-2','kind':'note','title':'x','status':'active'}},"
                    + "{'op':'remove','id':'i-404'}]}"));

    var refused =
        assertThrows(
            InvalidInputException.class, () -> state.apply(delta, java.time.Instant.EPOCH));
    assertEquals("itemOps[2]", refused.getField());
    assertTrue(refused.getMessage().contains("i-404"), refused::getMessage);
    assertEquals(withItem(), state, "the state is as it was");
    assertEquals("Call Ana", state.item("i-1").orElseThrow().title());
    assertTrue(state.entities().isEmpty());
  }

  @Test
  void aDeltaBeyondABoundIsRefusedNamingTheListAndTheSizeItWouldMake() {
    var ops = Json.createArrayBuilder();
    for (var i = 0; i < WorkingState.MAX_ITEMS; i++) {
      ops.add(
          Json.createObjectBuilder()
              .add("op", "add")
              .add(
                  "item",
                  Json.createObjectBuilder()
                      .add("id", "n-" + i)
                      .add("kind", "note")
                      .add("title", "note " + i)
                      .add("status", "active")));
    }
    var delta =
        WorkingStateDocuments.delta(
            Json.createObjectBuilder().add("schemaVersion", 1).add("itemOps", ops).build());
    var state = withItem();
    var refused =
        assertThrows(
            InvalidInputException.class, () -> state.apply(delta, java.time.Instant.EPOCH));
    assertEquals("items", refused.getField());
    assertTrue(refused.getMessage().contains("would make 51"), refused::getMessage);
  }

  @Test
  void aValueTheSchemaAdmitsButTheStateRefusesIsNamedByItsPathInTheDelta() {
    var refused =
        assertThrows(
            InvalidInputException.class,
            () ->
                WorkingStateDocuments.delta(
                    json(
                        "{'schemaVersion':1,'expectations':[{'id':'e-1','action':'a',"
                            + "'expectedOutcome':'x','expectedIds':['t-1','t-2','t-3']}],"
                            + "'itemOps':[{'op':'update','id':'i-1','patch':{'details':'"
                            + "\\u00e9".repeat(1)
                            + "'}}],'hypotheses':[{'id':'h','hypothesis':'"
                            + "x".repeat(1999)
                            + "\\ud83d\\ude00'}]}")));
    // 1,999 characters and an emoji: 2,000 code points for the schema, 2,001 chars for Java.
    assertEquals("hypotheses[0].hypothesis", refused.getField());
  }

  @Test
  void theStoredDocumentReadsBackAsTheSameState() {
    var state =
        withItem()
            .expect(
                Expectation.pending(
                    "e-1",
                    "create_task",
                    "one task",
                    List.of("t-1"),
                    Optional.of("TASK"),
                    OptionalInt.of(1)))
            .afterToolResult(
                new ObservedOutcome("act-1", "create_task", List.of("t-2"), List.of("TASK")),
                NOW,
                () -> "a-1")
            .summarised("wk-1", NOW);
    var stored = WorkingStateDocuments.toJson(state);
    assertEquals(state, WorkingStateDocuments.fromJson(stored));
    assertEquals(1, stored.getInt("schemaVersion"));
    assertEquals(
        "failed", stored.getJsonArray("expectations").getJsonObject(0).getString("status"));
  }

  @Test
  void theDeltaSchemaStatesTheSameBoundsAsTheState() throws java.io.IOException {
    JsonObject schema;
    try (var in =
            WorkingStateDocuments.class
                .getClassLoader()
                .getResourceAsStream(WorkingStateDocuments.DELTA_SCHEMA_RESOURCE);
        var reader = Json.createReader(in)) {
      schema = reader.readObject();
    }
    var properties = schema.getJsonObject("properties");
    assertEquals(
        WorkingState.MAX_ASSUMPTIONS, properties.getJsonObject("assumptions").getInt("maxItems"));
    assertEquals(
        WorkingState.MAX_EXPECTATIONS, properties.getJsonObject("expectations").getInt("maxItems"));
    assertEquals(
        WorkingState.MAX_HYPOTHESES, properties.getJsonObject("hypotheses").getInt("maxItems"));
    var understanding = properties.getJsonObject("understanding").getJsonObject("properties");
    assertEquals(
        WorkingState.MAX_ENTITIES, understanding.getJsonObject("entities").getInt("maxItems"));
    var defs = schema.getJsonObject("$defs");
    assertEquals(WorkingState.MAX_ID_LENGTH, defs.getJsonObject("ownId").getInt("maxLength"));
    assertEquals(WorkingState.MAX_REF_LENGTH, defs.getJsonObject("ref").getInt("maxLength"));
    assertEquals(
        WorkingState.MAX_EVIDENCE,
        defs.getJsonObject("assumption")
            .getJsonObject("properties")
            .getJsonObject("evidence")
            .getInt("maxItems"));
    assertEquals(
        WorkingState.MAX_EXPECTED_IDS,
        defs.getJsonObject("expectation")
            .getJsonObject("properties")
            .getJsonObject("expectedIds")
            .getInt("maxItems"));
  }
}
