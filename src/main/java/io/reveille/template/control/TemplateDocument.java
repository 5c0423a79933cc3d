package io.reveille.template.control;

import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.json.JsonDocuments;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * One agent template: an agent kind declared as data (see {@value #SCHEMA_RESOURCE}). It says what
 * an agent made from it is — the body of {@code POST /api/agents} — with the subscriptions and
 * timers it starts with and its report's sections, and declares the JSON Schema of its creation
 * parameters. A parameter is written into the body as {@code {{name}}}: a string that is exactly a
 * placeholder takes the parameter's value with its type (an array, a number), or is left out with
 * its field when an optional parameter without a default was not given; a placeholder inside a
 * longer text takes the value as text.
 *
 * <p>Checked when read, every violation named at once with the template and the field: the schema,
 * then the rules it cannot say. A {@code taskAgent} template names the task ({@code agent.taskId})
 * and no other kind does; any kind but {@code taskAgent} has a display name; the parameters' schema
 * compiles and requires only what it declares; every placeholder names a declared parameter; and a
 * parameter written inside a longer text is required or has a default, and is a number, a boolean,
 * an enumeration, a string with a {@code pattern}, or an array of such (written as a JSON array,
 * {@code categoryId in {{categoryIds}}}), so that no value can change what the text around it means
 * (a subscription's predicate, say).
 */
public final class TemplateDocument {

  public static final String SCHEMA_RESOURCE = "templates/agent_template.schema.json";

  private static final Pattern PLACEHOLDER =
      Pattern.compile("\\{\\{([a-z][A-Za-z0-9]{0,39})\\}\\}");
  private static final Pattern WHOLE = Pattern.compile("^\\{\\{([a-z][A-Za-z0-9]{0,39})\\}\\}$");
  private static final YAMLMapper YAML = YAMLMapper.builder().build();
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final Schema SCHEMA =
      registry().getSchema(resource(SCHEMA_RESOURCE), InputFormat.JSON);

  private final JsonObject document;
  private final String digest;
  private final Schema parameterSchema;

  private TemplateDocument(JsonObject document, Schema parameterSchema) {
    this.document = document;
    this.digest = sha256(JsonDocuments.write(document));
    this.parameterSchema = parameterSchema;
  }

  /**
   * Reads and checks a template written in JSON or YAML.
   *
   * @param where what the refusal names the template by (its file)
   * @throws IllegalStateException listing every violation
   */
  public static TemplateDocument parse(String text, String where) {
    JsonNode tree;
    try {
      tree = YAML.readTree(text);
    } catch (RuntimeException e) {
      throw new IllegalStateException(
          "template " + where + " is neither JSON nor YAML: " + e.getMessage(), e);
    }
    if (tree == null || tree.isMissingNode() || tree.isNull()) {
      throw new IllegalStateException("template " + where + " is empty");
    }
    var violations = new ArrayList<String>();
    SCHEMA.validate(tree).forEach(error -> violations.add(error.toString()));
    if (!violations.isEmpty()) {
      throw refused(where, violations);
    }
    JsonObject document;
    try (var reader =
        JsonDocuments.provider().createReader(new StringReader(JSON.writeValueAsString(tree)))) {
      document = reader.readObject();
    }
    Schema parameters = null;
    try {
      parameters = registry().getSchema(tree.get("parameters"));
    } catch (RuntimeException e) {
      violations.add("$.parameters: not a usable JSON Schema (" + e.getMessage() + ")");
    }
    rules(document, violations);
    if (!violations.isEmpty()) {
      throw refused(where, violations);
    }
    return new TemplateDocument(document, parameters);
  }

  /** Reads a template shipped in the application, by its resource name. */
  public static TemplateDocument shipped(String resource) {
    return parse(resource(resource), resource);
  }

  /** A template as the database keeps it (checked when it was stored). */
  public static TemplateDocument stored(String json, String where) {
    return parse(json, where);
  }

  public String id() {
    return document.getString("id");
  }

  public int version() {
    return document.getInt("version");
  }

  public String displayName() {
    return document.getString("displayName");
  }

  public String description() {
    return document.getString("description");
  }

  /** Whether an operator may create agents from it (without overrides); else only an admin. */
  public boolean operatorCreatable() {
    return document.getBoolean("operatorCreatable", false);
  }

  /** The kind of the agents made from it, as the wire spells it. */
  public String kind() {
    return document.getJsonObject("agent").getString("kind");
  }

  /** The JSON Schema of its creation parameters. */
  public JsonObject parameters() {
    return document.getJsonObject("parameters");
  }

  /** The whole document as JSON. */
  public JsonObject json() {
    return document;
  }

  /** The SHA-256 of the document's compact JSON: a version's text never changes once stored. */
  public String digest() {
    return digest;
  }

  /** The instructions of the template's agent config as written, placeholders and all. */
  public String instructions() {
    var config = document.getJsonObject("agent").getJsonObject("config");
    return config == null ? "" : config.getString("instructions", "");
  }

  /**
   * The next version of this template with {@code instructions} instead of its own, every other
   * field as it is, checked as every template is.
   *
   * @throws IllegalStateException naming what the result gets wrong (a placeholder that names no
   *     parameter, instructions beyond the schema's bounds)
   */
  public TemplateDocument nextWithInstructions(String instructions) {
    var provider = JsonDocuments.provider();
    var agent = document.getJsonObject("agent");
    var config =
        agent.containsKey("config") ? agent.getJsonObject("config") : JsonValue.EMPTY_JSON_OBJECT;
    var next =
        provider
            .createObjectBuilder(document)
            .add("version", version() + 1)
            .add(
                "agent",
                provider
                    .createObjectBuilder(agent)
                    .add(
                        "config",
                        provider.createObjectBuilder(config).add("instructions", instructions)))
            .build();
    return stored(JsonDocuments.write(next), "template " + id() + " version " + (version() + 1));
  }

  /** What one set of creation parameters makes of the template. */
  public record Instance(
      JsonObject agent, List<JsonObject> subscriptions, List<JsonObject> timers) {}

  /**
   * The agent, subscriptions and timers {@code given} parameters make: the parameters' defaults
   * filled in, the whole checked against the parameters' schema, every placeholder replaced and the
   * report's sections appended to the instructions.
   *
   * @throws InvalidInputException naming {@code parameters} and every violation
   */
  public Instance instantiate(JsonObject given) {
    var values = JsonDocuments.provider().createObjectBuilder(given);
    var declared = parameters().getJsonObject("properties");
    for (var name : declared.keySet()) {
      var defaultValue = declared.getJsonObject(name).get("default");
      if (!given.containsKey(name) && defaultValue != null) {
        values.add(name, defaultValue);
      }
    }
    var filled = values.build();
    var violations =
        parameterSchema
            .validate(
                JSON.readTree(JsonDocuments.write(filled)),
                context -> context.executionConfig(c -> c.formatAssertionsEnabled(true)))
            .stream()
            .map(Object::toString)
            .toList();
    if (!violations.isEmpty()) {
      throw new InvalidInputException(
          "parameters",
          "do not fit template "
              + id()
              + " version "
              + version()
              + ": "
              + String.join("; ", violations));
    }
    var agent = substitute(document.getJsonObject("agent"), filled).asJsonObject();
    if (document.containsKey("report")) {
      agent = withReport(agent, document.getJsonObject("report").getJsonArray("sections"));
    }
    return new Instance(agent, each("subscriptions", filled), each("timers", filled));
  }

  private List<JsonObject> each(String field, JsonObject values) {
    var all = new ArrayList<JsonObject>();
    for (var item : arrayOf(document, field)) {
      all.add(substitute(item, values).asJsonObject());
    }
    return List.copyOf(all);
  }

  /** The report's sections told to the agent after its instructions. */
  private static JsonObject withReport(JsonObject agent, JsonArray sections) {
    var config = agent.getJsonObject("config");
    var instructions = config == null ? "" : config.getString("instructions", "");
    var told =
        (instructions.isBlank() ? "" : instructions.strip() + "\n\n")
            + "Write your report in these sections, in this order, each a Markdown heading: "
            + String.join(", ", sections.getValuesAs(JsonString::getString))
            + ".";
    var provider = JsonDocuments.provider();
    var newConfig =
        provider
            .createObjectBuilder(config == null ? JsonValue.EMPTY_JSON_OBJECT : config)
            .add("instructions", told);
    return provider.createObjectBuilder(agent).add("config", newConfig).build();
  }

  /** {@code value} with its placeholders replaced; a field whose value is absent is left out. */
  private static JsonValue substitute(JsonValue value, JsonObject values) {
    var provider = JsonDocuments.provider();
    if (value instanceof JsonObject object) {
      var out = provider.createObjectBuilder();
      object.forEach(
          (key, item) -> {
            if (!absent(item, values)) {
              out.add(key, substitute(item, values));
            }
          });
      return out.build();
    }
    if (value instanceof JsonArray array) {
      var out = provider.createArrayBuilder();
      array.forEach(
          item -> {
            if (!absent(item, values)) {
              out.add(substitute(item, values));
            }
          });
      return out.build();
    }
    if (value instanceof JsonString text) {
      var whole = WHOLE.matcher(text.getString());
      if (whole.matches()) {
        return values.get(whole.group(1));
      }
      var matcher = PLACEHOLDER.matcher(text.getString());
      var out = new StringBuilder();
      while (matcher.find()) {
        matcher.appendReplacement(
            out, java.util.regex.Matcher.quoteReplacement(asText(values.get(matcher.group(1)))));
      }
      matcher.appendTail(out);
      return provider.createValue(out.toString());
    }
    return value;
  }

  private static boolean absent(JsonValue item, JsonObject values) {
    if (!(item instanceof JsonString text)) {
      return false;
    }
    var whole = WHOLE.matcher(text.getString());
    return whole.matches() && !values.containsKey(whole.group(1));
  }

  private static String asText(JsonValue value) {
    if (value instanceof JsonString text) {
      return text.getString();
    }
    if (value instanceof JsonNumber number) {
      return number.toString();
    }
    return String.valueOf(value);
  }

  /** The rules a schema cannot say. */
  private static void rules(JsonObject document, List<String> violations) {
    var agent = document.getJsonObject("agent");
    var kind = agent.getString("kind");
    if (kind.equals("taskAgent") != agent.containsKey("taskId")) {
      violations.add(
          "$.agent.taskId: "
              + (kind.equals("taskAgent")
                  ? "a taskAgent template names the task it owns"
                  : "only a taskAgent template names a task"));
    }
    if (!kind.equals("taskAgent") && !agent.containsKey("displayName")) {
      violations.add("$.agent.displayName: required for a " + kind + " template");
    }
    var parameters = document.getJsonObject("parameters");
    var declared = parameters.getJsonObject("properties");
    var required = new LinkedHashSet<String>();
    arrayOf(parameters, "required").forEach(name -> required.add(((JsonString) name).getString()));
    for (var name : required) {
      if (!declared.containsKey(name)) {
        violations.add("$.parameters.required: '" + name + "' is not among its properties");
      }
    }
    for (var field : List.of("agent", "subscriptions", "timers")) {
      if (document.containsKey(field)) {
        placeholders(document.get(field), "$." + field, declared, required, violations);
      }
    }
  }

  private static void placeholders(
      JsonValue value,
      String path,
      JsonObject declared,
      Set<String> required,
      List<String> violations) {
    if (value instanceof JsonObject object) {
      object.forEach(
          (key, item) -> placeholders(item, path + "." + key, declared, required, violations));
    } else if (value instanceof JsonArray array) {
      for (var i = 0; i < array.size(); i++) {
        placeholders(array.get(i), path + "[" + i + "]", declared, required, violations);
      }
    } else if (value instanceof JsonString text) {
      var whole = WHOLE.matcher(text.getString()).matches();
      var matcher = PLACEHOLDER.matcher(text.getString());
      while (matcher.find()) {
        var name = matcher.group(1);
        if (!declared.containsKey(name)) {
          violations.add(path + ": {{" + name + "}} names no declared parameter");
          continue;
        }
        if (!whole) {
          var parameter = declared.getJsonObject(name);
          if (!required.contains(name) && !parameter.containsKey("default")) {
            violations.add(
                path
                    + ": {{"
                    + name
                    + "}} is written inside a text, so the parameter must be required or have a"
                    + " default");
          }
          if (!confined(parameter)) {
            violations.add(
                path
                    + ": {{"
                    + name
                    + "}} is written inside a text, so the parameter must be a number, a boolean,"
                    + " an enum, a string with a pattern or an array of such");
          }
        }
      }
    }
  }

  /** Whether a parameter's values cannot carry arbitrary text. */
  private static boolean confined(JsonObject parameter) {
    if (parameter.containsKey("enum") || parameter.containsKey("const")) {
      return true;
    }
    var type = parameter.get("type");
    if (type instanceof JsonString name) {
      return switch (name.getString()) {
        case "integer", "number", "boolean" -> true;
        case "string" -> parameter.containsKey("pattern");
        // Written as a JSON array of values that cannot carry arbitrary text either.
        case "array" -> parameter.get("items") instanceof JsonObject items && confined(items);
        default -> false;
      };
    }
    return false;
  }

  private static JsonArray arrayOf(JsonObject object, String field) {
    return object.containsKey(field) ? object.getJsonArray(field) : JsonValue.EMPTY_JSON_ARRAY;
  }

  private static IllegalStateException refused(String where, List<String> violations) {
    return new IllegalStateException(
        "template "
            + where
            + " is invalid ("
            + violations.size()
            + (violations.size() == 1 ? " violation" : " violations")
            + "):\n  "
            + String.join("\n  ", violations));
  }

  private static SchemaRegistry registry() {
    return SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12);
  }

  static String resource(String name) {
    try (InputStream in = TemplateDocument.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("the application lacks " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static String sha256(String text) {
    try {
      return HexFormat.of()
          .formatHex(
              MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException(e);
    }
  }
}
