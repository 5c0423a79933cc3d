package io.reveille.mcp.control.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.tool.control.external.SideEffectClassifier;
import io.reveille.tool.entity.ToolSideEffect;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class McpServerDocumentTest {

  @Test
  void aStdioAndAnHttpServerAreRead() {
    var servers =
        McpServerDocument.parse(
            """
            servers:
              - name: files
                command: [node, server.js, stdio]
                workingDirectory: /srv/mcp/files
                environment: {API_KEY: "${secret:files.key}"}
                limits: {cpuSeconds: 60, openFiles: 256}
                allow: [read_file, write_file]
                sideEffects: {read_file: readOnly}
                lookup: {tool: get_operation, arguments: {key: "{idempotencyKey}"}}
              - name: crm
                url: https://crm.example.com/mcp
                headers: {Authorization: "Bearer ${secret:crm.token}"}
                timeoutMillis: 5000
                riskLevel: medium
            """);
    assertEquals(2, servers.size());
    var files = servers.get(0);
    assertTrue(files.isStdio());
    assertEquals("/srv/mcp/files", files.workingDirectory().orElseThrow().toString());
    assertTrue(files.takes("read_file"));
    assertFalse(files.takes("delete_file"), "not on the allow list");
    assertEquals(ToolSideEffect.READ_ONLY, files.sideEffects().get("read_file"));
    assertEquals(60, files.limits().cpuSeconds().getAsLong());
    assertEquals("get_operation", files.lookup().orElseThrow().tool());
    var crm = servers.get(1);
    assertFalse(crm.isStdio());
    assertEquals(5000, crm.timeoutMillis());
    assertFalse(crm.toString().contains("crm.token"), "no header value is shown: " + crm);
  }

  @Test
  void everyViolationIsNamedAtOnce() {
    var refused =
        assertThrows(
            IllegalStateException.class,
            () ->
                McpServerDocument.parse(
                    """
                    {"servers": [
                      {"name": "Bad_Name", "url": "ftp://x"},
                      {"name": "both", "url": "https://a.example/mcp", "command": ["x"]},
                      {"name": "nodir", "command": ["node"], "headers": {"X": "y"}},
                      {"name": "secret", "url": "https://a.example/mcp",
                       "headers": {"Authorization": "${secret:REVEILLE_ADMIN_PASSWORD}",
                                   "Mcp-Session-Id": "x"},
                       "timeoutMillis": 5, "riskLevel": "high", "extra": 1}
                    ]}
                    """));
    var message = refused.getMessage();
    for (var expected :
        Set.of(
            "servers[0].name",
            "servers[0] (Bad_Name).url",
            "servers[1] (both): a url (Streamable HTTP) or a command (stdio)",
            "servers[2] (nodir).workingDirectory: required",
            "servers[2] (nodir).headers: only for a url",
            "servers[3] (secret).headers.Authorization",
            "servers[3] (secret).headers.Mcp-Session-Id",
            "servers[3] (secret).timeoutMillis",
            "servers[3] (secret).riskLevel",
            "servers[3].extra")) {
      assertTrue(message.contains(expected), expected + " in " + message);
    }
  }

  @Test
  void aToolsContractNameIsItsNamespacedSnakeCase() {
    assertEquals(
        Optional.of("mcp__everything__trigger_long_running_operation"),
        McpToolCatalogue.contractName("everything", "trigger-long-running-operation"));
    assertEquals(
        Optional.of("mcp__crm__get_customer_by_id"),
        McpToolCatalogue.contractName("crm", "getCustomerById"));
    assertEquals(
        Optional.empty(), McpToolCatalogue.contractName("crm", "x".repeat(60)), "too long");
  }

  @Test
  void hintsClassifyAToolUnlessTheDocumentOrTheDenyListSaysOtherwise() {
    var lists = new SideEffectClassifier(Set.of(), Set.of("mcp__s__denied"));
    assertEquals(
        ToolSideEffect.READ_ONLY,
        McpToolCatalogue.classify(
            "mcp__s__echo", Optional.empty(), Optional.of(true), Optional.of(false), lists));
    assertEquals(
        ToolSideEffect.EXTERNAL,
        McpToolCatalogue.classify(
            "mcp__s__echo",
            Optional.of(ToolSideEffect.EXTERNAL),
            Optional.of(true),
            Optional.empty(),
            lists));
    assertEquals(
        ToolSideEffect.EXTERNAL,
        McpToolCatalogue.classify(
            "mcp__s__denied", Optional.empty(), Optional.of(true), Optional.empty(), lists));
    assertEquals(
        ToolSideEffect.EXTERNAL,
        McpToolCatalogue.classify(
            "mcp__s__list_things", Optional.empty(), Optional.of(false), Optional.empty(), lists),
        "a server saying it writes is believed over the name");
    assertEquals(
        ToolSideEffect.READ_ONLY,
        McpToolCatalogue.classify(
            "mcp__s__list_things", Optional.empty(), Optional.empty(), Optional.empty(), lists),
        "without hints the name decides");
  }

  @Test
  void aServersSchemaBecomesAnObjectSchemaThatRefusesOtherArguments() {
    var schema =
        McpToolCatalogue.objectSchema(
            Map.of(
                "$schema", "http://json-schema.org/draft-07/schema#",
                "type", "object",
                "properties", Map.of("message", Map.of("type", "string"))));
    assertEquals(false, schema.getBoolean("additionalProperties"));
    assertFalse(schema.containsKey("$schema"));
    assertTrue(schema.getJsonObject("properties").containsKey("message"));
    var empty = McpToolCatalogue.objectSchema(null);
    assertEquals("object", empty.getString("type"));
    assertTrue(empty.getJsonObject("properties").isEmpty());
  }
}
