package io.reveille.mcp.control.client;

import io.modelcontextprotocol.json.McpJsonMapper;
import io.modelcontextprotocol.json.jackson3.JacksonMcpJsonMapper;
import io.modelcontextprotocol.json.schema.JsonSchemaValidator;
import io.modelcontextprotocol.json.schema.jackson3.DefaultJsonSchemaValidator;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/**
 * The JSON of the MCP SDK, given to it explicitly (never found by its service loader, which an
 * application server's class loaders can defeat): one Jackson 3 mapper, and the schema validator
 * built on it.
 */
final class McpJson {

  static final JsonMapper JACKSON = JsonMapper.builder().build();
  static final McpJsonMapper MAPPER = new JacksonMcpJsonMapper(JACKSON);
  static final JsonSchemaValidator VALIDATOR = new DefaultJsonSchemaValidator(JACKSON);

  private McpJson() {}

  static String write(Object value) {
    try {
      return MAPPER.writeValueAsString(value);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @SuppressWarnings("unchecked")
  static Map<String, Object> object(String json) {
    try {
      return MAPPER.readValue(json, Map.class);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
