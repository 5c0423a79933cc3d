package io.reveille.tool.control.external;

import io.reveille.platform.json.JsonDocuments;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Fills an external tool's templates from a call's arguments.
 *
 * <ul>
 *   <li>URL: each {@code {name}} becomes the argument's value, percent-encoded (a space as {@code
 *       %20}, a slash as {@code %2F}); a missing argument is an error, never an empty path segment,
 *       and so is a value that makes a path segment {@code .} or {@code ..}: the encoder leaves
 *       dots alone, and a dot segment would move the call to another endpoint of the allowed host.
 *   <li>Body: a string that is exactly {@code "{name}"} becomes the argument's JSON value (type
 *       kept, {@code null} when absent); a placeholder inside a longer string is replaced by the
 *       value's text.
 *   <li>Headers: literal text with {@code ${secret:NAME}} references, resolved at call time from
 *       the MicroProfile Config property {@code tool-secret.NAME} and from nothing else ({@link
 *       #secretProperty}); the resolved values exist only in the request being sent.
 * </ul>
 *
 * Besides the arguments, templates may use the extra values the caller passes ({@code
 * idempotencyKey}, {@code correlationId}).
 */
public final class Templates {

  static final Pattern PLACEHOLDER = Pattern.compile("\\{([A-Za-z_][A-Za-z0-9_]{0,63})\\}");
  static final Pattern SECRET = Pattern.compile("\\$\\{secret:([A-Za-z0-9_.\\-]{1,128})\\}");

  /**
   * The namespace of the properties a {@code ${secret:NAME}} reads. Nothing else of the server's
   * configuration is in it (no Reveille setting, no Liberty variable), so a tools document can name
   * only the secrets an operator set for its tools: never the administrator's, the database's or
   * the broker's password, whatever the spelling.
   */
  public static final String SECRET_PREFIX = "tool-secret.";

  /** The name every extra value can be used under in a template. */
  public static final String IDEMPOTENCY_KEY = "idempotencyKey";

  public static final String CORRELATION_ID = "correlationId";

  private Templates() {}

  /** A placeholder whose value the call does not have: nothing is sent. */
  public static final class MissingValue extends RuntimeException {
    private static final long serialVersionUID = 1L;

    MissingValue(String message) {
      super(message);
    }
  }

  /** A value that would turn the URL's path into another path: nothing is sent. */
  public static final class UnsafeValue extends RuntimeException {
    private static final long serialVersionUID = 1L;

    UnsafeValue(String message) {
      super(message);
    }
  }

  /** The placeholder names in a template, in order of appearance. */
  public static Set<String> placeholders(String template) {
    var names = new LinkedHashSet<String>();
    var matcher = PLACEHOLDER.matcher(template);
    while (matcher.find()) {
      names.add(matcher.group(1));
    }
    return names;
  }

  /** The placeholder names anywhere in a body template. */
  public static Set<String> placeholders(JsonValue template) {
    var names = new LinkedHashSet<String>();
    collect(template, names);
    return names;
  }

  private static void collect(JsonValue value, Set<String> names) {
    switch (value.getValueType()) {
      case STRING -> names.addAll(placeholders(((JsonString) value).getString()));
      case OBJECT -> value.asJsonObject().values().forEach(item -> collect(item, names));
      case ARRAY -> value.asJsonArray().forEach(item -> collect(item, names));
      default -> {}
    }
  }

  /**
   * The property {@code ${secret:name}} reads: {@code tool-secret.name}, which MicroProfile Config
   * also finds in the environment as {@code TOOL_SECRET_NAME} (every character other than a letter
   * or digit as {@code _}, upper case).
   */
  public static String secretProperty(String name) {
    return SECRET_PREFIX + name;
  }

  /** The environment variable that sets {@link #secretProperty}. */
  public static String secretVariable(String name) {
    return secretProperty(name).replaceAll("[^A-Za-z0-9]", "_").toUpperCase(java.util.Locale.ROOT);
  }

  /** The secret names a header value refers to (without {@link #SECRET_PREFIX}). */
  public static Set<String> secretNames(String headerValue) {
    var names = new LinkedHashSet<String>();
    var matcher = SECRET.matcher(headerValue);
    while (matcher.find()) {
      names.add(matcher.group(1));
    }
    return names;
  }

  /** The URL with every placeholder replaced by its percent-encoded value. */
  public static String url(String template, JsonObject arguments, Map<String, String> extra) {
    var matcher = PLACEHOLDER.matcher(template);
    var out = new StringBuilder();
    while (matcher.find()) {
      var name = matcher.group(1);
      var value =
          Optional.ofNullable(extra.get(name))
              .or(() -> Optional.ofNullable(arguments.get(name)).flatMap(Templates::text))
              .orElseThrow(() -> new MissingValue("the URL needs a value for '" + name + "'"));
      matcher.appendReplacement(out, Matcher.quoteReplacement(encode(value)));
    }
    matcher.appendTail(out);
    var url = out.toString();
    refuseDotSegments(template, url);
    return url;
  }

  /**
   * Refuses a filled URL whose path has a {@code .} or {@code ..} segment (also spelled with {@code
   * %2E}) that its template did not have: servers and proxies resolve those, so a value of {@code
   * ..} would reach a path outside the template's.
   */
  private static void refuseDotSegments(String template, String url) {
    var before = dotSegments(template);
    var after = dotSegments(url);
    if (after > before) {
      throw new UnsafeValue(
          "a URL value may not make a path segment '.' or '..' (it would leave the template's path)");
    }
  }

  private static long dotSegments(String url) {
    var end = url.length();
    for (var mark : new char[] {'?', '#'}) {
      var at = url.indexOf(mark);
      if (at >= 0 && at < end) {
        end = at;
      }
    }
    var path = url.substring(0, end);
    var scheme = path.indexOf("://");
    if (scheme >= 0) {
      var slash = path.indexOf('/', scheme + 3);
      path = slash < 0 ? "" : path.substring(slash);
    }
    return java.util.Arrays.stream(path.split("/", -1))
        .map(segment -> segment.replace("%2E", ".").replace("%2e", "."))
        .filter(segment -> segment.equals(".") || segment.equals(".."))
        .count();
  }

  /** The body with its placeholders filled. */
  public static JsonValue body(
      JsonValue template, JsonObject arguments, Map<String, String> extra) {
    return switch (template.getValueType()) {
      case STRING -> string(((JsonString) template).getString(), arguments, extra);
      case OBJECT -> {
        var object = JsonDocuments.provider().createObjectBuilder();
        template
            .asJsonObject()
            .forEach((key, value) -> object.add(key, body(value, arguments, extra)));
        yield object.build();
      }
      case ARRAY -> {
        var array = JsonDocuments.provider().createArrayBuilder();
        template.asJsonArray().forEach(value -> array.add(body(value, arguments, extra)));
        yield array.build();
      }
      default -> template;
    };
  }

  private static JsonValue string(String text, JsonObject arguments, Map<String, String> extra) {
    var whole = PLACEHOLDER.matcher(text);
    if (whole.matches()) {
      var name = whole.group(1);
      if (extra.containsKey(name)) {
        return JsonDocuments.provider().createValue(extra.get(name));
      }
      return Optional.ofNullable(arguments.get(name)).orElse(JsonValue.NULL);
    }
    var matcher = PLACEHOLDER.matcher(text);
    var out = new StringBuilder();
    while (matcher.find()) {
      var name = matcher.group(1);
      var value =
          Optional.ofNullable(extra.get(name))
              .or(() -> Optional.ofNullable(arguments.get(name)).flatMap(Templates::text))
              .orElse("");
      matcher.appendReplacement(out, Matcher.quoteReplacement(value));
    }
    matcher.appendTail(out);
    return JsonDocuments.provider().createValue(out.toString());
  }

  /**
   * The header values with their secrets resolved.
   *
   * @param secrets the value of a secret by its name in the template, empty when it is not set
   * @throws MissingValue naming the secret and where it is set (never a value) when it is not set
   */
  public static Map<String, String> headers(
      Map<String, String> templates, Function<String, Optional<String>> secrets) {
    var resolved = new LinkedHashMap<String, String>();
    templates.forEach(
        (name, template) -> {
          var matcher = SECRET.matcher(template);
          var out = new StringBuilder();
          while (matcher.find()) {
            var property = matcher.group(1);
            var secret =
                secrets
                    .apply(property)
                    .filter(value -> !value.isBlank())
                    .orElseThrow(
                        () ->
                            new MissingValue(
                                "header "
                                    + name
                                    + " needs the secret "
                                    + property
                                    + ", not set ("
                                    + secretProperty(property)
                                    + ", in the environment "
                                    + secretVariable(property)
                                    + ")"));
            matcher.appendReplacement(out, Matcher.quoteReplacement(secret));
          }
          matcher.appendTail(out);
          resolved.put(name, out.toString());
        });
    return resolved;
  }

  private static Optional<String> text(JsonValue value) {
    return switch (value.getValueType()) {
      case NULL -> Optional.empty();
      case STRING -> Optional.of(((JsonString) value).getString());
      default -> Optional.of(value.toString());
    };
  }

  private static String encode(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
  }
}
