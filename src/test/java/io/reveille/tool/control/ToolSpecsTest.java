package io.reveille.tool.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.reveille.inference.control.ToolSpec;
import jakarta.json.Json;
import java.io.StringReader;
import java.util.List;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

/** Every tool of the contract can be offered to a model with exactly its contract input schema. */
class ToolSpecsTest {

  private static final ToolContract CONTRACT = ToolContract.fromClasspath();
  private static final JsonMapper JSON = JsonMapper.builder().build();

  @Test
  void everyContractToolConvertsWithItsInputSchemaAsParameters() {
    var names = CONTRACT.toolNames();
    var specs = ToolSpecs.fromContract(CONTRACT, names);

    assertEquals(names, specs.stream().map(ToolSpec::name).toList());
    for (var spec : specs) {
      var document = CONTRACT.entry(spec.name()).orElseThrow().document();
      var expected =
          Json.createReader(new StringReader(JSON.writeValueAsString(document.get("inputSchema"))))
              .readObject();
      assertEquals(expected, spec.parametersSchema(), spec.name());
      assertEquals(document.get("description").asString(), spec.description(), spec.name());
      assertFalse(spec.description().isBlank(), spec.name());
    }
  }

  @Test
  void specsFollowTheOrderAsked() {
    var specs =
        ToolSpecs.fromContract(CONTRACT, List.of("update_task_priority", "list_tasks_in_scope"));

    assertEquals(
        List.of("update_task_priority", "list_tasks_in_scope"),
        specs.stream().map(ToolSpec::name).toList());
    assertEquals("object", specs.get(0).parametersSchema().getString("type"));
  }

  @Test
  void aToolTheContractLacksIsRefused() {
    var error =
        assertThrows(
            IllegalArgumentException.class,
            () -> ToolSpecs.fromContract(CONTRACT, List.of("launch_rockets")));
    assertEquals("the tool contract has no tool 'launch_rockets'", error.getMessage());
  }
}
