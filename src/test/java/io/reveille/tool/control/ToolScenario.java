package io.reveille.tool.control;

import io.reveille.tool.control.ToolWorld.World;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.function.Function;

/**
 * How the catalog test calls one tool in a fresh world: arguments that are in the agent's scope,
 * and every way the call can reach outside it (another category's target; a move's destination in
 * another category). A tool that only touches the agent's own memory has no out-of-scope case.
 */
record ToolScenario(String tool, Function<World, Case> setup) {

  /** The calls to make in one world. */
  record Case(JsonObject inScope, List<JsonObject> outOfScope) {}

  static ToolScenario of(String tool, Function<World, Case> setup) {
    return new ToolScenario(tool, setup);
  }

  static Case inAndOut(JsonObject inScope, JsonObject... outOfScope) {
    return new Case(inScope, List.of(outOfScope));
  }

  static jakarta.json.JsonObjectBuilder args() {
    return Json.createObjectBuilder();
  }
}
