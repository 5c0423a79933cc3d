package io.reveille.testing;

import io.reveille.platform.json.JsonDocuments;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.Tuple;

/**
 * Generators of JSON text for the fuzz tests: documents shaped like the one a parser expects (its
 * field names, values of every type and of awkward sizes and spellings), the same documents with a
 * few characters edited (so that almost-valid text reaches every error path of the reader), and
 * deep nesting. All of them shrink: a failing input is reported in its smallest failing form.
 *
 * <p>jqwik is not coverage-guided; the shapes here stand in for the guidance, so that most inputs
 * get past the JSON reader and the first checks instead of being refused at the first character.
 */
public final class JsonInputs {

  /** Characters the edits insert: JSON's own syntax, quotes, escapes and whitespace. */
  private static final String SYNTAX = "{}[]:,\"\\ -+.eE0123456789tfnul\t\n\u0000\u00e9\u2028";

  private JsonInputs() {}

  /** Awkward numbers: signs, exponents, the edges of int and long, huge and tiny magnitudes. */
  public static Arbitrary<String> numbers() {
    return Arbitraries.oneOf(
        Arbitraries.integers().map(String::valueOf),
        Arbitraries.longs().map(String::valueOf),
        Arbitraries.of(
            "0",
            "-0",
            "1",
            "-1",
            "0.0",
            "1.0",
            "1.5",
            "-2.25",
            "1e3",
            "1E+2",
            "2e-7",
            "1e400",
            "-1e400",
            "1e999999999",
            "1e-999999999",
            "2147483647",
            "2147483648",
            "-2147483649",
            "9223372036854775807",
            "9223372036854775808",
            "-9223372036854775809",
            "123456789012345678901234567890",
            "0.1e1",
            "10e-1"),
        Arbitraries.integers().between(1, 1200).map("9"::repeat));
  }

  /** String contents: any characters, JSON's escapes, lengths around the usual limits. */
  public static Arbitrary<String> texts() {
    return Arbitraries.oneOf(
        Arbitraries.strings().ofMaxLength(12),
        Arbitraries.strings().alpha().numeric().withChars("_-.:/ ").ofMaxLength(24),
        Arbitraries.strings()
            .withChars("\"\\/\b\f\n\r\t\u0000\u007f\ud800\udc00{}$ .")
            .ofMaxLength(8),
        Arbitraries.of("", " ", "\t", "null", "true", "1", "{x}", "${secret:x}", ".", ".."),
        Arbitraries.integers().between(0, 4100).map("x"::repeat));
  }

  /** A JSON string literal with {@code text} in it, escaped as JSON requires. */
  public static String quote(String text) {
    var out = new StringBuilder(text.length() + 2).append('"');
    for (var i = 0; i < text.length(); i++) {
      var c = text.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
        }
      }
    }
    return out.append('"').toString();
  }

  /** Any JSON value up to {@code depth} levels of arrays and objects, keys drawn from names. */
  public static Arbitrary<String> values(List<String> names, int depth) {
    Arbitrary<String> scalar =
        Arbitraries.frequencyOf(
            Tuple.of(1, Arbitraries.of("null", "true", "false")),
            Tuple.of(2, numbers()),
            Tuple.of(3, texts().map(JsonInputs::quote)));
    if (depth == 0) {
      return scalar;
    }
    var inner = values(names, depth - 1);
    var array = inner.list().ofMaxSize(5).map(items -> "[" + String.join(",", items) + "]");
    var member = Combinators.combine(keys(names), inner).as((k, v) -> quote(k) + ":" + v);
    var object = member.list().ofMaxSize(6).map(items -> "{" + String.join(",", items) + "}");
    return Arbitraries.frequencyOf(Tuple.of(4, scalar), Tuple.of(1, array), Tuple.of(1, object));
  }

  /**
   * A JSON object whose members are mostly the given fields, each with its own value generator (the
   * document's expected shape) or, now and then, any value; other names appear too.
   */
  public static Arbitrary<String> objects(Map<String, Arbitrary<String>> fields, int maxMembers) {
    var names = List.copyOf(fields.keySet());
    var any = values(names, 2);
    Arbitrary<String> member =
        keys(names)
            .flatMap(
                key -> {
                  var expected = fields.get(key);
                  var value =
                      expected == null
                          ? any
                          : Arbitraries.frequencyOf(Tuple.of(5, expected), Tuple.of(1, any));
                  return value.map(v -> quote(key) + ":" + v);
                });
    return member.list().ofMaxSize(maxMembers).map(items -> "{" + String.join(",", items) + "}");
  }

  /** Arrays or objects nested up to {@code maxDepth} deep, as a value. */
  public static Arbitrary<String> deep(int maxDepth) {
    return Combinators.combine(
            Arbitraries.integers().between(1, maxDepth), Arbitraries.of(true, false))
        .as(
            (depth, arrays) ->
                arrays
                    ? "[".repeat(depth) + "]".repeat(depth)
                    : "{\"a\":".repeat(depth) + "1" + "}".repeat(depth));
  }

  /**
   * The documents with up to four single-character edits each (deleted, replaced, inserted or
   * doubled at a position), and now and then cut short.
   */
  public static Arbitrary<String> mutated(Arbitrary<String> documents) {
    var edit =
        Combinators.combine(
                Arbitraries.doubles().between(0, 1),
                Arbitraries.of(EditKind.values()),
                Arbitraries.chars().with(SYNTAX.toCharArray()))
            .as(Edit::new);
    return Combinators.combine(documents, edit.list().ofMaxSize(4))
        .as(
            (document, edits) -> {
              var text = new StringBuilder(document);
              for (var e : edits) {
                e.apply(text);
              }
              return text.toString();
            });
  }

  /** Field names: mostly the expected ones, some near misses and other names. */
  private static Arbitrary<String> keys(List<String> names) {
    var expected = names.isEmpty() ? Arbitraries.just("a") : Arbitraries.of(names);
    return Arbitraries.frequencyOf(
        Tuple.of(8, expected),
        Tuple.of(1, expected.map(name -> name.toUpperCase(java.util.Locale.ROOT))),
        Tuple.of(1, texts()));
  }

  private enum EditKind {
    DELETE,
    REPLACE,
    INSERT,
    DOUBLE,
    CUT
  }

  private record Edit(double at, EditKind kind, char c) {
    void apply(StringBuilder text) {
      if (text.isEmpty()) {
        text.append(c);
        return;
      }
      var i = Math.min(text.length() - 1, (int) (at * text.length()));
      switch (kind) {
        case DELETE -> text.deleteCharAt(i);
        case REPLACE -> text.setCharAt(i, c);
        case INSERT -> text.insert(i, c);
        case DOUBLE -> text.insert(i, text.charAt(i));
        case CUT -> text.setLength(i);
      }
    }
  }

  /** {@code text} read as a JSON object, if it is one the JSON reader accepts. */
  public static Optional<JsonObject> object(String text) {
    try (var reader = JsonDocuments.provider().createReader(new StringReader(text))) {
      var value = reader.readValue();
      return value.getValueType() == JsonValue.ValueType.OBJECT
          ? Optional.of(value.asJsonObject())
          : Optional.empty();
    } catch (RuntimeException e) {
      return Optional.empty(); // the JSON reader's own refusals, of several kinds
    }
  }
}
