package io.reveille.mcp.control.client;

import io.reveille.platform.json.JsonDocuments;
import io.reveille.platform.wire.WireEnum;
import io.reveille.tool.control.external.ExternalToolDocument;
import io.reveille.tool.control.external.Templates;
import io.reveille.tool.entity.RiskLevel;
import io.reveille.tool.entity.ToolSideEffect;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.regex.Pattern;
import tools.jackson.dataformat.yaml.YAMLMapper;

/**
 * Reads the MCP servers document ({@code reveille.mcp.servers.file}, JSON or YAML) and checks every
 * rule, refusing a bad document with every violation at once, each naming the server and the field.
 * A server is reached by {@code url} (Streamable HTTP, with {@code headers}) or run by {@code
 * command} in its {@code workingDirectory} with only the {@code environment} it declares (stdio,
 * within optional {@code limits}); secrets ({@code ${secret:NAME}}, read from {@code
 * tool-secret.NAME} as for external HTTP tools) may appear only in header and environment values.
 */
public final class McpServerDocument {

  static final int MAX_SERVERS = 20;
  static final Pattern NAME = Pattern.compile("[a-z][a-z0-9]{1,20}");
  static final Pattern HEADER = Pattern.compile("[A-Za-z0-9!#$%&'*+.^_`|~-]{1,64}");
  static final Pattern VARIABLE = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,63}");
  static final Set<String> RESERVED_HEADERS =
      Set.of(
          "host",
          "content-length",
          "connection",
          "accept",
          "content-type",
          "mcp-session-id",
          "mcp-protocol-version",
          "last-event-id",
          "transfer-encoding",
          "upgrade");
  static final Set<String> FIELDS =
      Set.of(
          "name",
          "url",
          "headers",
          "command",
          "workingDirectory",
          "environment",
          "limits",
          "timeoutMillis",
          "allow",
          "deny",
          "sideEffects",
          "lookup",
          "riskLevel");

  /** A call's wait when a server names none. */
  static final int DEFAULT_TIMEOUT_MILLIS = 30_000;

  private static final YAMLMapper YAML = YAMLMapper.builder().build();

  private McpServerDocument() {}

  /**
   * The servers a document declares.
   *
   * @throws IllegalStateException listing every violation
   */
  public static List<McpServerDeclaration> parse(String text) {
    JsonObject document;
    try {
      var json = YAML.readTree(text).toString();
      var value = JsonDocuments.provider().createReader(new StringReader(json)).readValue();
      if (value.getValueType() != JsonValue.ValueType.OBJECT) {
        throw new IllegalStateException("the document is an object with a list of servers");
      }
      document = value.asJsonObject();
    } catch (RuntimeException e) {
      if (e instanceof IllegalStateException) {
        throw e;
      }
      throw new IllegalStateException("the document is not JSON or YAML: " + e.getMessage(), e);
    }
    var problems = new ArrayList<String>();
    for (var key : document.keySet()) {
      if (!key.equals("servers") && !key.equals("description")) {
        problems.add(key + ": unknown field; expected servers (and a description)");
      }
    }
    var servers = new ArrayList<McpServerDeclaration>();
    var list = document.get("servers");
    if (list == null || list.getValueType() != JsonValue.ValueType.ARRAY) {
      problems.add("servers: a list of servers is required");
    } else if (list.asJsonArray().size() > MAX_SERVERS) {
      problems.add("servers: at most " + MAX_SERVERS);
    } else {
      var names = new HashSet<String>();
      var items = list.asJsonArray();
      for (var i = 0; i < items.size(); i++) {
        var where = "servers[" + i + "]";
        if (items.get(i).getValueType() != JsonValue.ValueType.OBJECT) {
          problems.add(where + ": an object");
          continue;
        }
        var server = server(items.get(i).asJsonObject(), where, problems);
        if (server.isPresent() && !names.add(server.get().name())) {
          problems.add(where + ".name: " + server.get().name() + " is declared twice");
        }
        server.ifPresent(servers::add);
      }
    }
    if (!problems.isEmpty()) {
      throw new IllegalStateException(
          "the MCP servers document has " + problems.size() + " problem(s): " + problems);
    }
    return List.copyOf(servers);
  }

  private static Optional<McpServerDeclaration> server(
      JsonObject json, String where, List<String> problems) {
    var before = problems.size();
    for (var key : json.keySet()) {
      if (!FIELDS.contains(key)) {
        problems.add(where + "." + key + ": unknown field; expected one of " + FIELDS);
      }
    }
    var name = text(json, "name", where, problems, true).orElse("");
    if (!name.isEmpty() && !NAME.matcher(name).matches()) {
      problems.add(where + ".name: 2 to 21 lower-case letters and digits, starting with a letter");
    }
    var at = name.isEmpty() ? where : where + " (" + name + ")";
    var url = text(json, "url", at, problems, false).flatMap(u -> url(u, at, problems));
    var command = strings(json, "command", at, problems, 32, 1000);
    if (url.isEmpty() == command.isEmpty() && problems.size() == before) {
      problems.add(at + ": a url (Streamable HTTP) or a command (stdio), one of the two");
    }
    var headers = map(json, "headers", at, problems, HEADER, 20);
    headers
        .keySet()
        .forEach(
            header -> {
              if (RESERVED_HEADERS.contains(header.toLowerCase(Locale.ROOT))) {
                problems.add(at + ".headers." + header + ": set by the MCP client itself");
              }
            });
    var environment = map(json, "environment", at, problems, VARIABLE, 50);
    var directory = text(json, "workingDirectory", at, problems, false).map(Path::of);
    if (!command.isEmpty()) {
      if (directory.isEmpty()) {
        problems.add(at + ".workingDirectory: required for a command (stdio)");
      } else if (!directory.get().isAbsolute()) {
        problems.add(at + ".workingDirectory: an absolute path");
      }
      if (!headers.isEmpty()) {
        problems.add(at + ".headers: only for a url (Streamable HTTP)");
      }
    } else if (directory.isPresent() || !environment.isEmpty() || json.containsKey("limits")) {
      problems.add(at + ": workingDirectory, environment and limits are for a command (stdio)");
    }
    secrets(headers, at + ".headers", problems);
    secrets(environment, at + ".environment", problems);
    var timeout =
        number(json, "timeoutMillis", at, problems, 100, 600_000)
            .map(Long::intValue)
            .orElse(DEFAULT_TIMEOUT_MILLIS);
    var allow = new LinkedHashSet<>(strings(json, "allow", at, problems, 200, 128));
    var deny = new LinkedHashSet<>(strings(json, "deny", at, problems, 200, 128));
    var sideEffects = new LinkedHashMap<String, ToolSideEffect>();
    map(json, "sideEffects", at, problems, Pattern.compile(".{1,128}"), 200)
        .forEach(
            (tool, wire) ->
                WireEnum.find(ToolSideEffect.class, wire)
                    .ifPresentOrElse(
                        effect -> sideEffects.put(tool, effect),
                        () ->
                            problems.add(
                                at
                                    + ".sideEffects."
                                    + tool
                                    + ": one of "
                                    + WireEnum.names(ToolSideEffect.class))));
    var risk =
        text(json, "riskLevel", at, problems, false)
            .map(
                wire ->
                    WireEnum.find(RiskLevel.class, wire)
                        .filter(level -> level != RiskLevel.HIGH)
                        .orElseGet(
                            () -> {
                              problems.add(
                                  at + ".riskLevel: low or medium (a high-risk tool must preview)");
                              return RiskLevel.LOW;
                            }))
            .orElse(RiskLevel.LOW);
    var lookup = lookup(json, at, problems);
    var limits = limits(json, at, problems);
    if (problems.size() > before) {
      return Optional.empty();
    }
    return Optional.of(
        new McpServerDeclaration(
            name,
            url,
            headers,
            command,
            directory,
            environment,
            limits,
            timeout,
            allow,
            deny,
            sideEffects,
            lookup,
            risk));
  }

  private static Optional<URI> url(String text, String at, List<String> problems) {
    try {
      var uri = new URI(text);
      var scheme = Optional.ofNullable(uri.getScheme()).orElse("").toLowerCase(Locale.ROOT);
      if (!scheme.equals("http") && !scheme.equals("https")
          || uri.getHost() == null
          || uri.getRawUserInfo() != null
          || text.contains("${")) {
        problems.add(
            at
                + ".url: an http(s) URL with a host, no user info and no secret (put it in headers)");
        return Optional.empty();
      }
      return Optional.of(uri);
    } catch (java.net.URISyntaxException e) {
      problems.add(at + ".url: not a URL");
      return Optional.empty();
    }
  }

  private static void secrets(Map<String, String> values, String at, List<String> problems) {
    values.forEach(
        (key, value) ->
            Templates.secretNames(value).stream()
                .filter(ExternalToolDocument::isReveilleSetting)
                .forEach(
                    secret ->
                        problems.add(
                            at
                                + "."
                                + key
                                + ": ${secret:"
                                + secret
                                + "} names one of Reveille's own settings")));
  }

  private static Optional<McpServerDeclaration.Lookup> lookup(
      JsonObject json, String at, List<String> problems) {
    var value = json.get("lookup");
    if (value == null) {
      return Optional.empty();
    }
    if (value.getValueType() != JsonValue.ValueType.OBJECT) {
      problems.add(at + ".lookup: an object {tool, arguments}");
      return Optional.empty();
    }
    var lookup = value.asJsonObject();
    var tool = text(lookup, "tool", at + ".lookup", problems, true);
    var arguments = map(lookup, "arguments", at + ".lookup", problems, VARIABLE, 20);
    return tool.map(t -> new McpServerDeclaration.Lookup(t, arguments));
  }

  private static McpServerDeclaration.Limits limits(
      JsonObject json, String at, List<String> problems) {
    var value = json.get("limits");
    if (value == null) {
      return McpServerDeclaration.Limits.NONE;
    }
    if (value.getValueType() != JsonValue.ValueType.OBJECT) {
      problems.add(at + ".limits: an object");
      return McpServerDeclaration.Limits.NONE;
    }
    var limits = value.asJsonObject();
    for (var key : limits.keySet()) {
      if (!Set.of("cpuSeconds", "openFiles", "memoryBytes").contains(key)) {
        problems.add(at + ".limits." + key + ": unknown; cpuSeconds, openFiles or memoryBytes");
      }
    }
    return new McpServerDeclaration.Limits(
        optional(number(limits, "cpuSeconds", at + ".limits", problems, 1, 86_400)),
        optional(number(limits, "openFiles", at + ".limits", problems, 16, 65_536)),
        optional(number(limits, "memoryBytes", at + ".limits", problems, 16L << 20, 64L << 30)));
  }

  private static OptionalLong optional(Optional<Long> value) {
    return value.map(OptionalLong::of).orElse(OptionalLong.empty());
  }

  private static Optional<String> text(
      JsonObject json, String field, String at, List<String> problems, boolean required) {
    var value = json.get(field);
    if (value == null) {
      if (required) {
        problems.add(at + "." + field + ": required");
      }
      return Optional.empty();
    }
    if (!(value instanceof JsonString text)
        || text.getString().isBlank()
        || text.getString().length() > 2000) {
      problems.add(at + "." + field + ": a non-blank string of at most 2000 characters");
      return Optional.empty();
    }
    return Optional.of(text.getString());
  }

  private static Optional<Long> number(
      JsonObject json, String field, String at, List<String> problems, long min, long max) {
    var value = json.get(field);
    if (value == null) {
      return Optional.empty();
    }
    if (!(value instanceof JsonNumber number)
        || !number.isIntegral()
        || number.bigIntegerValue().compareTo(java.math.BigInteger.valueOf(min)) < 0
        || number.bigIntegerValue().compareTo(java.math.BigInteger.valueOf(max)) > 0) {
      problems.add(at + "." + field + ": a whole number from " + min + " to " + max);
      return Optional.empty();
    }
    return Optional.of(number.longValue());
  }

  private static List<String> strings(
      JsonObject json,
      String field,
      String at,
      List<String> problems,
      int maxItems,
      int maxLength) {
    var value = json.get(field);
    if (value == null) {
      return List.of();
    }
    if (value.getValueType() != JsonValue.ValueType.ARRAY
        || value.asJsonArray().isEmpty()
        || value.asJsonArray().size() > maxItems
        || !value.asJsonArray().stream()
            .allMatch(
                item ->
                    item instanceof JsonString text
                        && !text.getString().isBlank()
                        && text.getString().length() <= maxLength)) {
      problems.add(
          at
              + "."
              + field
              + ": a list of 1 to "
              + maxItems
              + " non-blank strings of at most "
              + maxLength
              + " characters");
      return List.of();
    }
    return value.asJsonArray().getValuesAs(JsonString.class).stream()
        .map(JsonString::getString)
        .toList();
  }

  private static Map<String, String> map(
      JsonObject json, String field, String at, List<String> problems, Pattern keys, int max) {
    var value = json.get(field);
    if (value == null) {
      return Map.of();
    }
    if (value.getValueType() != JsonValue.ValueType.OBJECT || value.asJsonObject().size() > max) {
      problems.add(at + "." + field + ": an object of at most " + max + " entries");
      return Map.of();
    }
    var out = new LinkedHashMap<String, String>();
    value
        .asJsonObject()
        .forEach(
            (key, entry) -> {
              if (!keys.matcher(key).matches()) {
                problems.add(at + "." + field + "." + key + ": not an allowed name");
              } else if (!(entry instanceof JsonString text) || text.getString().length() > 1000) {
                problems.add(
                    at + "." + field + "." + key + ": a string of at most 1000 characters");
              } else {
                out.put(key, text.getString());
              }
            });
    return out;
  }
}
