package io.reveille.testing;

import static org.junit.jupiter.api.Assertions.assertEquals;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.List;

/** Client-side steps the integration tests share: make an agent, subscribe it, read its runs. */
public final class Agents {

  private final Api api;

  public Agents(Api api) {
    this.api = api;
  }

  /** Creates an active {@code custom} agent; returns its id. */
  public String createCustom(String name) {
    var created = api.post("/api/agents", "{\"kind\":\"custom\",\"displayName\":\"" + name + "\"}");
    assertEquals(201, created.status(), created::toString);
    return created.json().getString("id");
  }

  public void subscribe(String agentId, String body) {
    var created = api.post("/api/agents/" + agentId + "/subscriptions", body);
    assertEquals(201, created.status(), created::toString);
  }

  /** The agent's wake run log, newest first. */
  public JsonArray runs(String agentId) {
    var response = api.get("/api/agents/" + agentId + "/wakes");
    assertEquals(200, response.status(), response::toString);
    return response.structure().asJsonArray();
  }

  /** The agent's run log entries with this {@code reason}, newest first. */
  public List<JsonObject> runs(String agentId, String reason) {
    return runs(agentId).stream()
        .map(JsonValue::asJsonObject)
        .filter(run -> run.getString("reason").equals(reason))
        .toList();
  }

  /** Those of them that completed. */
  public List<JsonObject> completedRuns(String agentId, String reason) {
    return runs(agentId, reason).stream()
        .filter(run -> run.getString("status").equals("completed"))
        .toList();
  }

  public static List<String> strings(JsonArray array) {
    return array.stream().map(v -> ((JsonString) v).getString()).toList();
  }
}
