package io.reveille.tool.control.external;

import com.networknt.schema.InputFormat;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.platform.wire.WireEnum;
import io.reveille.tool.entity.RiskLevel;
import io.reveille.tool.entity.ToolSideEffect;
import io.reveille.wake.entity.WakeReason;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Reads the external-tools document ({@code reveille.tools.external.file}, JSON or YAML) and checks
 * it against {@value #SCHEMA_RESOURCE} and the rules a schema cannot express; a bad document is
 * refused with every violation at once, each naming the tool and the field.
 *
 * <p>The rules beyond the schema keep an agent from steering a call where it was not meant to go:
 * the scheme, host and port of every URL are literal (placeholders only in the path and query), a
 * URL placeholder must be a required argument, secrets may appear only in header values (a URL or
 * body ends up in logs and ledgers), and headers the executor sets itself may not be declared. A
 * secret is read from its own namespace ({@code tool-secret.NAME}, {@link Templates#SECRET_PREFIX})
 * and so can never reach Reveille's settings; a name that looks like one of them (its administrator
 * password, its model key) is still refused, since whoever wrote it meant that setting and would
 * otherwise learn of the mistake only when a call finds the secret unset.
 */
public final class ExternalToolDocument {

  public static final String SCHEMA_RESOURCE = "tools/external_tools.schema.json";

  /** The longest body template, as compact JSON. */
  public static final int MAX_BODY_TEMPLATE_LENGTH = 16_384;

  /** Headers the HTTP client or the executor own (the JDK client refuses to send the former). */
  static final Set<String> RESERVED_HEADERS =
      Set.of(
          "idempotency-key",
          "host",
          "content-length",
          "connection",
          "expect",
          "upgrade",
          "date",
          "from",
          "via",
          "warning",
          "transfer-encoding",
          "te",
          "trailer");

  private static final YAMLMapper YAML = YAMLMapper.builder().build();
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private ExternalToolDocument() {}

  /**
   * The declarations of a document.
   *
   * @param builtInNames tool names an external tool may not take
   * @throws IllegalStateException listing every violation
   */
  public static List<ExternalToolDeclaration> parse(
      String text, Set<String> builtInNames, SideEffectClassifier classifier) {
    JsonNode tree;
    try {
      tree = YAML.readTree(text);
    } catch (RuntimeException e) {
      throw new IllegalStateException(
          "the external tools document is neither JSON nor YAML: " + e.getMessage(), e);
    }
    if (tree == null || tree.isMissingNode()) {
      throw new IllegalStateException("the external tools document is empty");
    }
    var violations = new ArrayList<String>();
    SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
        .getSchema(resource(SCHEMA_RESOURCE), InputFormat.JSON)
        .validate(tree)
        .forEach(error -> violations.add(error.toString()));
    if (!violations.isEmpty()) {
      throw refused(violations);
    }
    var declarations = new ArrayList<ExternalToolDeclaration>();
    var names = new HashSet<String>();
    var index = 0;
    for (var tool : tree.get("tools")) {
      var name = tool.get("name").asString();
      var where = "tools[" + index++ + "] (" + name + ")";
      if (!names.add(name)) {
        violations.add(where + ".name: declared twice");
      }
      if (builtInNames.contains(name)) {
        violations.add(where + ".name: a built-in tool has this name");
      }
      var problems = new ArrayList<String>();
      var declaration = declaration(tool, classifier, problems);
      problems.forEach(problem -> violations.add(where + "." + problem));
      declarations.add(declaration);
    }
    if (!violations.isEmpty()) {
      throw refused(violations);
    }
    return List.copyOf(declarations);
  }

  private static IllegalStateException refused(List<String> violations) {
    return new IllegalStateException(
        "the external tools document is invalid ("
            + violations.size()
            + (violations.size() == 1 ? " violation" : " violations")
            + "):\n  "
            + String.join("\n  ", violations));
  }

  private static ExternalToolDeclaration declaration(
      JsonNode tool, SideEffectClassifier classifier, List<String> problems) {
    var name = tool.get("name").asString();
    var input = json(tool.get("inputSchema")).asJsonObject();
    var output = json(tool.get("outputSchema")).asJsonObject();
    compiles("inputSchema", tool.get("inputSchema"), problems);
    compiles("outputSchema", tool.get("outputSchema"), problems);
    var properties = input.getJsonObject("properties").keySet();
    var required = new HashSet<String>();
    Optional.ofNullable(input.getJsonArray("required"))
        .ifPresent(
            array -> array.getValuesAs(jakarta.json.JsonString::getString).forEach(required::add));

    var method = tool.get("method").asString();
    var url = tool.get("url").asString();
    checkUrl("url", url, required, Set.of(Templates.IDEMPOTENCY_KEY), problems);

    var headers = new LinkedHashMap<String, String>();
    var headerNode = tool.get("headers");
    if (headerNode != null) {
      for (var header : headerNode.propertyNames()) {
        var value = headerNode.get(header).asString();
        if (RESERVED_HEADERS.contains(header.toLowerCase(Locale.ROOT))) {
          problems.add("headers." + header + ": set by Reveille, may not be declared");
        }
        var withoutSecrets = Templates.SECRET.matcher(value).replaceAll("");
        if (withoutSecrets.contains("${")) {
          problems.add(
              "headers."
                  + header
                  + ": a reference must read ${secret:NAME} (letters, digits, . _ -)");
        }
        for (var secret : Templates.secretNames(value)) {
          if (isReveilleSetting(secret)) {
            problems.add(
                "headers."
                    + header
                    + ": ${secret:"
                    + secret
                    + "} names one of Reveille's own settings, which no tool may read; a"
                    + " secret is read from tool-secret.NAME (TOOL_SECRET_NAME in the"
                    + " environment) only");
          }
        }
        if (value.chars().anyMatch(c -> c == '\r' || c == '\n')) {
          problems.add("headers." + header + ": may not contain a line break");
        }
        headers.put(header, value);
      }
    }

    Optional<JsonValue> body = Optional.empty();
    var bodyNode = tool.get("body");
    if (bodyNode != null) {
      var template = json(bodyNode);
      body = Optional.of(template);
      if (method.equals("GET") || method.equals("DELETE")) {
        problems.add("body: a " + method + " request sends no body");
      }
      var compact = template.toString();
      if (compact.length() > MAX_BODY_TEMPLATE_LENGTH) {
        problems.add("body: longer than " + MAX_BODY_TEMPLATE_LENGTH + " characters");
      }
      if (compact.contains("${secret:")) {
        problems.add("body: secrets may appear only in header values");
      }
      if (!template.equals(ExternalToolDeclaration.ARGUMENTS_BODY)) {
        for (var placeholder : Templates.placeholders(template)) {
          if (!properties.contains(placeholder) && !placeholder.equals(Templates.IDEMPOTENCY_KEY)) {
            problems.add("body: {" + placeholder + "} is not an argument of inputSchema");
          }
        }
      }
    }

    var response = ResponseMapping.bodyAsIs();
    var responseNode = tool.get("response");
    if (responseNode != null) {
      var fields = new LinkedHashMap<String, String>();
      var fieldsNode = responseNode.get("fields");
      if (fieldsNode != null) {
        for (var field : fieldsNode.propertyNames()) {
          var pointer = fieldsNode.get(field).asString();
          pointer("response.fields." + field, pointer, problems);
          fields.put(field, pointer);
        }
        var outputProperties = output.getJsonObject("properties").keySet();
        for (var field : fields.keySet()) {
          if (!outputProperties.contains(field)) {
            problems.add("response.fields." + field + ": not a property of outputSchema");
          }
        }
      }
      var correlation = responseNode.get("correlationId");
      Optional<String> header = Optional.empty();
      Optional<String> pointer = Optional.empty();
      if (correlation != null) {
        header = Optional.ofNullable(correlation.get("header")).map(JsonNode::asString);
        pointer = Optional.ofNullable(correlation.get("pointer")).map(JsonNode::asString);
        pointer.ifPresent(p -> pointer("response.correlationId.pointer", p, problems));
      }
      response = new ResponseMapping(fields, header, pointer);
    }

    Optional<ExternalToolDeclaration.Lookup> lookup = Optional.empty();
    var lookupNode = tool.get("lookup");
    if (lookupNode != null) {
      var lookupUrl = lookupNode.get("url").asString();
      checkUrl(
          "lookup.url",
          lookupUrl,
          required,
          Set.of(Templates.IDEMPOTENCY_KEY, Templates.CORRELATION_ID),
          problems);
      if (Templates.placeholders(lookupUrl).contains(Templates.CORRELATION_ID)
          && response.correlationHeader().isEmpty()
          && response.correlationPointer().isEmpty()) {
        problems.add("lookup.url: uses {correlationId} but response.correlationId is not declared");
      }
      lookup =
          Optional.of(
              new ExternalToolDeclaration.Lookup(lookupNode.get("method").asString(), lookupUrl));
    }

    var scope = new ArrayList<String>();
    var scopeNode = tool.get("scopeArguments");
    if (scopeNode != null) {
      for (var argument : scopeNode) {
        if (!properties.contains(argument.asString())) {
          problems.add(
              "scopeArguments: '" + argument.asString() + "' is not an argument of inputSchema");
        }
        scope.add(argument.asString());
      }
    }

    var declared =
        Optional.ofNullable(tool.get("sideEffect"))
            .map(node -> WireEnum.find(ToolSideEffect.class, node.asString()).orElseThrow());
    return new ExternalToolDeclaration(
        name,
        tool.get("description").asString(),
        method,
        url,
        headers,
        body,
        input,
        output,
        response,
        tool.get("timeoutMillis").asInt(),
        classifier.classify(name, declared),
        tool.get("idempotent").asBoolean(),
        lookup,
        scope,
        WireEnum.find(RiskLevel.class, tool.get("riskLevel").asString()).orElseThrow(),
        wakeReasons(tool.get("allowedWakeReasons")));
  }

  /** The declared wake reasons (the schema checked their names), or every one when absent. */
  private static Set<WakeReason> wakeReasons(JsonNode node) {
    if (node == null) {
      return EnumSet.allOf(WakeReason.class);
    }
    var reasons = EnumSet.noneOf(WakeReason.class);
    for (var reason : node) {
      reasons.add(WireEnum.find(WakeReason.class, reason.asString()).orElseThrow());
    }
    return reasons;
  }

  /** Placeholders only after the authority; those that are arguments must be required ones. */
  private static void checkUrl(
      String field, String url, Set<String> required, Set<String> extras, List<String> problems) {
    if (url.contains("${")) {
      problems.add(field + ": secrets and ${...} references may appear only in header values");
      return;
    }
    var authorityEnd = url.indexOf('/', url.indexOf("://") + 3);
    var firstPlaceholder = url.indexOf('{');
    if (firstPlaceholder >= 0 && (authorityEnd < 0 || firstPlaceholder < authorityEnd)) {
      problems.add(
          field + ": the scheme, host and port must be literal; placeholders only after them");
    }
    for (var placeholder : Templates.placeholders(url)) {
      if (!required.contains(placeholder) && !extras.contains(placeholder)) {
        problems.add(field + ": {" + placeholder + "} must be a required argument of inputSchema");
      }
    }
    try {
      var uri = new URI(Templates.PLACEHOLDER.matcher(url).replaceAll("x"));
      if (uri.getHost() == null) {
        problems.add(field + ": names no host");
      }
      if (uri.getUserInfo() != null) {
        problems.add(field + ": may not carry credentials; use a header with a secret");
      }
    } catch (java.net.URISyntaxException e) {
      problems.add(field + ": not a URL (" + e.getReason() + ")");
    }
  }

  private static void pointer(String field, String pointer, List<String> problems) {
    try {
      JsonDocuments.provider().createPointer(pointer);
    } catch (RuntimeException e) {
      problems.add(field + ": not a JSON pointer");
    }
  }

  private static void compiles(String field, JsonNode schema, List<String> problems) {
    try {
      SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12).getSchema(schema);
    } catch (RuntimeException e) {
      problems.add(field + ": not a usable JSON Schema (" + e.getMessage() + ")");
    }
  }

  /** A Jackson node as a JSON-P value (the executor's JSON). */
  static JsonValue json(JsonNode node) {
    try (var reader =
        JsonDocuments.provider().createReader(new StringReader(JSON.writeValueAsString(node)))) {
      return reader.readValue();
    }
  }

  static String resource(String name) {
    try (InputStream in = ExternalToolDocument.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("the application lacks " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Whether a secret name looks like one of Reveille's own settings, in any of the spellings
   * MicroProfile Config would accept for it ({@code REVEILLE_ADMIN_PASSWORD}, {@code
   * Reveille.Admin.Password} for {@code reveille.admin.password}): compared after mapping every
   * character other than a letter or digit to {@code _} and upper-casing. The namespace already
   * keeps such a reference from reading the setting; this refuses the document that tries.
   */
  public static boolean isReveilleSetting(String secret) {
    return secret.replaceAll("[^A-Za-z0-9]", "_").toUpperCase(Locale.ROOT).startsWith("REVEILLE_");
  }
}
