package io.reveille.workingstate.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ModelDeltasTest {

  @Test
  void theDeltaIsTheJsonObjectInTheAnswerWithItsSchemaVersion() {
    var fenced = ModelDeltas.delta("```json\n{\"hypotheses\":[]}\n```");
    assertEquals(1, fenced.getInt("schemaVersion"));
    assertEquals(0, fenced.getJsonArray("hypotheses").size());
    assertEquals(1, ModelDeltas.delta("{\"schemaVersion\":1}").getInt("schemaVersion"));
    assertEquals(
        2,
        ModelDeltas.delta("{\"schemaVersion\":2}").getInt("schemaVersion"),
        "kept for the schema");
  }

  @Test
  void anAnswerWithoutAJsonObjectIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> ModelDeltas.delta("Nothing changed."));
    assertThrows(IllegalArgumentException.class, () -> ModelDeltas.delta("{not json}"));
  }
}
