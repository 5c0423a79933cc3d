package io.reveille.tool.control;

import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * The tool contract ({@code docs/agent_tools/agent_tool_contract_spec.yaml}): the source of truth
 * of every tool's inputs, outputs, permissions, scope rules and side effects, checked against its
 * own JSON Schema ({@code agent_tool_contract_spec.schema.json}) when it is read.
 *
 * <p>The executor validates each call's arguments against the tool's {@code inputSchema} from here,
 * so the schemas are written once. Plain Java (no container) so the build can validate the contract
 * and compare it with the registry in unit tests.
 */
public final class ToolContract {

  /** Where the build puts the contract in the application (see the pom's resources). */
  public static final String YAML_RESOURCE = "tools/agent_tool_contract_spec.yaml";

  public static final String SCHEMA_RESOURCE = "tools/agent_tool_contract_spec.schema.json";

  private static final YAMLMapper YAML = YAMLMapper.builder().build();
  private static final JsonMapper JSON = JsonMapper.builder().build();

  /** One tool entry of the contract. */
  public record Entry(
      String name,
      int version,
      Set<String> capabilitiesRequired,
      Set<String> allowedWakeReasons,
      String sideEffectClass,
      String idempotencyStrategy,
      Set<String> scopeRules,
      String riskLevel,
      boolean previewSupported,
      Optional<String> proposalOnly,
      Schema inputSchema,
      Schema outputSchema,
      JsonNode document) {}

  private final String yaml;
  private final JsonNode tree;
  private final Map<String, Entry> entries;
  private final String contractSchema;

  private ToolContract(
      String yaml, JsonNode tree, Map<String, Entry> entries, String contractSchema) {
    this.yaml = yaml;
    this.tree = tree;
    this.entries = entries;
    this.contractSchema = contractSchema;
  }

  /** The contract shipped in the application, validated against its schema. */
  public static ToolContract fromClasspath() {
    return parse(resource(YAML_RESOURCE), resource(SCHEMA_RESOURCE));
  }

  /**
   * Reads a contract and validates it against the contract schema.
   *
   * @throws IllegalStateException listing every violation, or a duplicate tool name
   */
  public static ToolContract parse(String yaml, String contractSchema) {
    JsonNode tree;
    try {
      tree = YAML.readTree(yaml);
    } catch (RuntimeException e) {
      throw new IllegalStateException("the tool contract is not valid YAML: " + e.getMessage(), e);
    }
    return of(yaml, tree, contractSchema);
  }

  /**
   * This contract with the entries of tools declared outside the build (external tools) appended,
   * each checked against the contract schema like the rest. Its YAML is then written from the
   * merged tree, so the YAML and JSON forms still list the same tools.
   *
   * @param toolEntries each one tool entry as JSON
   * @throws IllegalStateException listing every violation, or a name the contract has already
   */
  public ToolContract withTools(List<String> toolEntries) {
    if (toolEntries.isEmpty()) {
      return this;
    }
    var merged = (ObjectNode) tree.deepCopy();
    var list = (ArrayNode) merged.get("tools");
    toolEntries.forEach(entry -> list.add(JSON.readTree(entry)));
    return of(YAML.writeValueAsString(merged), merged, contractSchema);
  }

  private static ToolContract of(String yaml, JsonNode tree, String contractSchema) {
    var violations = registry().getSchema(contractSchema, InputFormat.JSON).validate(tree);
    if (!violations.isEmpty()) {
      throw new IllegalStateException(
          "the tool contract violates its schema:\n  "
              + String.join("\n  ", violations.stream().map(Object::toString).toList()));
    }
    var entries = new LinkedHashMap<String, Entry>();
    for (var tool : tree.get("tools")) {
      var name = tool.get("name").asString();
      var entry =
          new Entry(
              name,
              tool.get("version").asInt(),
              strings(tool.get("capabilitiesRequired")),
              strings(tool.get("allowedWakeReasons")),
              tool.get("sideEffectClass").asString(),
              tool.get("idempotencyStrategy").asString(),
              strings(tool.get("scopeRules")),
              tool.get("riskLevel").asString(),
              tool.get("previewSupported").asBoolean(),
              tool.has("proposalOnly")
                  ? Optional.of(tool.get("proposalOnly").asString())
                  : Optional.empty(),
              schema(name, "inputSchema", tool.get("inputSchema")),
              schema(name, "outputSchema", tool.get("outputSchema")),
              tool);
      if (entries.put(name, entry) != null) {
        throw new IllegalStateException("the tool contract lists '" + name + "' twice");
      }
    }
    return new ToolContract(yaml, tree, Map.copyOf(entries), contractSchema);
  }

  public Optional<Entry> entry(String toolName) {
    return Optional.ofNullable(entries.get(toolName));
  }

  /** The tool names in contract order. */
  public List<String> toolNames() {
    var names = new ArrayList<String>();
    tree.get("tools").forEach(tool -> names.add(tool.get("name").asString()));
    return names;
  }

  /**
   * The violations of {@code json} against the tool's input schema, each naming the argument
   * ({@code $.priority: ...}); empty when valid.
   */
  public List<String> validateInput(String toolName, String json) {
    return validate(entries.get(Objects.requireNonNull(toolName)).inputSchema(), json);
  }

  /** The violations of a payload against the tool's output schema; empty when valid. */
  public List<String> validateOutput(String toolName, String json) {
    return validate(entries.get(Objects.requireNonNull(toolName)).outputSchema(), json);
  }

  private static List<String> validate(Schema schema, String json) {
    JsonNode node;
    try {
      node = JSON.readTree(json);
    } catch (JacksonException e) {
      // JSON that the caller's reader took but this one refuses (nesting deeper than 500 levels,
      // a number of more than 1,000 characters): a violation the model can correct.
      return List.of("$: not readable by the validator: " + e.getOriginalMessage());
    }
    return schema
        .validate(node, context -> context.executionConfig(c -> c.formatAssertionsEnabled(true)))
        .stream()
        .map(Object::toString)
        .toList();
  }

  /** The YAML source as written. */
  public String yaml() {
    return yaml;
  }

  /** The contract as compact JSON. */
  public String json() {
    return JSON.writeValueAsString(tree);
  }

  private static SchemaRegistry registry() {
    return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
  }

  private static Schema schema(String tool, String field, JsonNode node) {
    try {
      return registry().getSchema(node);
    } catch (RuntimeException e) {
      throw new IllegalStateException(tool + "." + field + " is not a usable JSON Schema", e);
    }
  }

  private static Set<String> strings(JsonNode array) {
    var values = new LinkedHashSet<String>();
    array.forEach(value -> values.add(value.asString()));
    return Set.copyOf(values);
  }

  private static String resource(String name) {
    try (InputStream in = ToolContract.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("the application lacks " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
