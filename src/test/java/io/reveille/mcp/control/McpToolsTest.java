package io.reveille.mcp.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.security.control.Role;
import io.reveille.tool.control.ToolDefinition;
import io.reveille.tool.control.ToolOutcome;
import io.reveille.tool.control.ToolResult;
import io.reveille.tool.entity.Capability;
import io.reveille.tool.entity.ScopeRule;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class McpToolsTest {

  private static final String SESSION_HASH = McpSessions.hash("a-session-id");

  private static ToolDefinition reading() {
    return ToolDefinition.reading("list_things")
        .requires(Capability.TASK_READ)
        .scope(ScopeRule.AGENT_OWN_MEMORY)
        .handledBy(invocation -> ToolOutcome.read(Json.createObjectBuilder().build()));
  }

  private static ToolDefinition writing() {
    return ToolDefinition.writing("create_thing")
        .requires(Capability.TASK_WRITE)
        .scope(ScopeRule.AGENT_OWN_MEMORY)
        .handledBy(invocation -> ToolOutcome.read(Json.createObjectBuilder().build()));
  }

  @Test
  void hintsFollowTheSideEffectClass() {
    var read = McpTools.annotations(reading());
    assertTrue(read.getBoolean("readOnlyHint"));
    assertTrue(read.getBoolean("idempotentHint"));
    assertFalse(read.getBoolean("destructiveHint"));
    assertFalse(read.getBoolean("openWorldHint"));
    assertEquals("List things", read.getString("title"));
    var write = McpTools.annotations(writing());
    assertFalse(write.getBoolean("readOnlyHint"));
    assertFalse(write.getBoolean("idempotentHint"));
    assertTrue(write.getBoolean("destructiveHint"));
  }

  @Test
  void applyingAMutatingToolNeedsAdminAndEverythingElseOperator() {
    assertEquals(Role.ADMIN, McpTools.roleFor(Optional.of(writing()), false));
    assertEquals(Role.OPERATOR, McpTools.roleFor(Optional.of(writing()), true));
    assertEquals(Role.OPERATOR, McpTools.roleFor(Optional.of(reading()), false));
    assertEquals(
        Role.ADMIN,
        McpTools.roleFor(Optional.empty(), false),
        "an unknown tool counts as mutating");
  }

  @Test
  void theClientsOperationIdWinsElseTheSessionAndRequestIdMakeOne() {
    var meta = Json.createObjectBuilder().add("operationId", "op-7").build();
    assertEquals(
        "op-7", McpTools.operationId(Optional.of(meta), SESSION_HASH, Json.createValue(3)));
    var prefixed =
        Json.createObjectBuilder()
            .add(McpTools.OPERATION_ID_META, "op-8")
            .add("operationId", "op-7")
            .build();
    assertEquals(
        "op-8", McpTools.operationId(Optional.of(prefixed), SESSION_HASH, Json.createValue(3)));

    var derived = McpTools.operationId(Optional.empty(), SESSION_HASH, Json.createValue(3));
    assertEquals("mcp-" + SESSION_HASH.substring(0, 16) + "-3", derived);
    assertEquals(
        derived,
        McpTools.operationId(Optional.empty(), SESSION_HASH, Json.createValue(3)),
        "the same request again gets the same id");
    assertEquals(
        "mcp-" + SESSION_HASH.substring(0, 16) + "-x",
        McpTools.operationId(Optional.empty(), SESSION_HASH, Json.createValue("x")));
    var longId =
        McpTools.operationId(Optional.empty(), SESSION_HASH, Json.createValue("y".repeat(200)));
    assertTrue(longId.length() <= McpTools.MAX_OPERATION_ID, longId);
    assertFalse(
        McpTools.operationId(Optional.empty(), McpSessions.hash("another"), Json.createValue(3))
            .equals(derived),
        "another session, another id");
  }

  @Test
  void aBadOperationIdIsInvalidParams() {
    for (var bad :
        new JsonObject[] {
          Json.createObjectBuilder().add("operationId", "").build(),
          Json.createObjectBuilder().add("operationId", "z".repeat(201)).build(),
          Json.createObjectBuilder().add("operationId", 5).build()
        }) {
      var refused =
          assertThrows(
              JsonRpcException.class,
              () -> McpTools.operationId(Optional.of(bad), SESSION_HASH, Json.createValue(1)));
      assertEquals(JsonRpcError.INVALID_PARAMS, refused.error().code());
    }
  }

  @Test
  void aToolsRefusalIsAnErrorResultAndAHeldCallIsNot() {
    var refused =
        McpTools.callResult(
            ToolResult.error(
                "create_thing",
                Optional.of("op"),
                "action",
                io.reveille.tool.control.ToolErrorCode.OUT_OF_SCOPE,
                "outside"));
    assertTrue(refused.getBoolean("isError"));
    assertEquals("out_of_scope", refused.getJsonObject("structuredContent").getString("errorCode"));
    assertEquals(
        refused.getJsonObject("structuredContent").toString(),
        refused.getJsonArray("content").getJsonObject(0).getString("text"));
    var held =
        McpTools.callResult(
            ToolResult.error(
                "create_thing",
                Optional.of("op"),
                "action",
                io.reveille.tool.control.ToolErrorCode.AWAITING_APPROVAL,
                "held"));
    assertFalse(held.getBoolean("isError"), "a call held for approval did not fail");
  }
}
