package io.reveille.tool.control;

import static io.reveille.testing.JsonInputs.quote;

import io.reveille.testing.JsonInputs;
import io.reveille.testing.ParserOracle;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;
import net.jqwik.api.Tuple.Tuple2;
import tools.jackson.databind.JsonNode;

/**
 * Fuzzes the validation of the arguments a model gives a tool call, which an agent's model (and
 * whoever steers it through a prompt) chooses freely: any JSON object is checked against the tool's
 * input schema to a list of violations, never an exception (a refusal is a tool result the model
 * can correct, an exception fails the run); and arguments the schema accepts are read by the
 * handlers' typed accessors, which refuse what a schema cannot say only with a {@link ToolFailure}.
 */
class ToolArgumentsFuzzTest {

  private static final ToolContract CONTRACT = ToolContract.fromClasspath();

  private static final Map<String, Arbitrary<String>> ARGUMENTS = new ConcurrentHashMap<>();

  @Property
  void anyArgumentsAreCheckedToViolationsAndValidOnesReadWithoutSurprise(
      @ForAll("calls") Tuple2<String, String> call) {
    var tool = call.get1();
    var arguments = JsonInputs.object(call.get2());
    if (arguments.isEmpty()) {
      return; // the model gateway refuses arguments that are not a JSON object
    }
    var violations =
        ParserOracle.answers(
            () -> CONTRACT.validateInput(tool, ToolChecks.inWireNames(arguments.get()).toString()));
    if (!violations.isEmpty()) {
      return;
    }
    var typed = new ToolArguments(arguments.get(), Optional.empty());
    var properties = inputSchema(tool).get("properties");
    for (var name : properties.propertyNames()) {
      var schema = properties.get(name);
      ParserOracle.answersOrRefuses(ToolFailure.class, () -> read(typed, name, schema));
    }
  }

  /** What a handler calls for an argument of this schema. */
  private static Object read(ToolArguments arguments, String name, JsonNode schema) {
    var format = schema.path("format").asString("");
    return switch (typeOf(schema)) {
      case "string" ->
          switch (format) {
            case "date-time" -> arguments.optionalInstant(name);
            case "date" -> arguments.optionalDate(name);
            default -> arguments.optionalString(name);
          };
      case "integer" -> arguments.optionalInteger(name);
      case "boolean" -> arguments.bool(name, false);
      case "array" ->
          typeOf(schema.path("items")).equals("object")
              ? arguments.objects(name)
              : arguments.strings(name);
      default -> arguments.has(name);
    };
  }

  /** The schema's type; of a nullable one ({@code [string, "null"]}), the other type. */
  private static String typeOf(JsonNode schema) {
    var type = schema.path("type");
    if (type.isArray()) {
      for (var item : type) {
        if (!item.asString().equals("null")) {
          return item.asString();
        }
      }
      return "null";
    }
    return type.isString() ? type.asString() : "";
  }

  @Provide
  Arbitrary<Tuple2<String, String>> calls() {
    return Arbitraries.of(CONTRACT.toolNames())
        .flatMap(tool -> arguments(tool).map(arguments -> Tuple.of(tool, arguments)));
  }

  private static Arbitrary<String> arguments(String tool) {
    return ARGUMENTS.computeIfAbsent(
        tool,
        name -> {
          var documents = objectFor(inputSchema(name), 2);
          return Arbitraries.frequencyOf(
              Tuple.of(6, documents), Tuple.of(1, JsonInputs.mutated(documents)));
        });
  }

  private static JsonNode inputSchema(String tool) {
    return CONTRACT.entry(tool).orElseThrow().document().get("inputSchema");
  }

  /** Values that mostly fit the schema, so that many calls get past validation. */
  private static Arbitrary<String> valueFor(JsonNode schema, int depth) {
    Arbitrary<String> fitting;
    if (schema.has("enum")) {
      var values = new ArrayList<String>();
      schema.get("enum").forEach(value -> values.add(value.toString()));
      fitting = Arbitraries.of(values);
    } else {
      fitting =
          switch (typeOf(schema)) {
            case "string" -> strings(schema.path("format").asString("")).map(JsonInputs::quote);
            case "integer", "number" ->
                Arbitraries.oneOf(
                    Arbitraries.integers().between(-3, 1000).map(String::valueOf),
                    JsonInputs.numbers());
            case "boolean" -> Arbitraries.of("true", "false");
            case "array" ->
                depth == 0
                    ? Arbitraries.just("[]")
                    : valueFor(schema.path("items"), depth - 1)
                        .list()
                        .ofMaxSize(4)
                        .map(items -> "[" + String.join(",", items) + "]");
            case "object" -> depth == 0 ? Arbitraries.just("{}") : objectFor(schema, depth - 1);
            default -> JsonInputs.values(List.of("id"), 1);
          };
    }
    return Arbitraries.frequencyOf(
        Tuple.of(8, fitting),
        Tuple.of(1, JsonInputs.values(List.of("id"), 1)),
        Tuple.of(1, JsonInputs.deep(700)));
  }

  private static Arbitrary<String> strings(String format) {
    return switch (format) {
      case "date" ->
          Arbitraries.oneOf(
              Arbitraries.of(
                  "2026-02-18", "2026-02-30", "2026-13-01", "+12026-01-01", "0000-01-01"),
              Combinators.combine(
                      Arbitraries.integers().between(0, 10_000),
                      Arbitraries.integers().between(0, 13),
                      Arbitraries.integers().between(0, 32))
                  .as((y, m, d) -> String.format("%04d-%02d-%02d", y, m, d)));
      case "date-time" ->
          Arbitraries.oneOf(
              Arbitraries.of(
                  "2026-02-17T16:00:00-05:00",
                  "2026-02-17T16:00:00Z",
                  "2026-02-17t16:00:00z",
                  "2026-02-17T23:59:60Z",
                  "2026-02-17T16:00:00.123456789+14:00",
                  "2026-02-17T16:00:00+24:00",
                  "2026-02-17T16:00"),
              Combinators.combine(
                      Arbitraries.integers().between(0, 9999),
                      Arbitraries.integers().between(0, 25),
                      Arbitraries.integers().between(0, 61),
                      Arbitraries.integers().between(-19, 19))
                  .as(
                      (y, h, s, o) ->
                          String.format("%04d-06-30T%02d:00:%02d%+03d:00", y, h, s, o)));
      default -> JsonInputs.texts();
    };
  }

  /** An object of the schema's properties, each present or not, now and then another one. */
  private static Arbitrary<String> objectFor(JsonNode schema, int depth) {
    var members = new ArrayList<Arbitrary<String>>();
    var properties = schema.path("properties");
    for (var name : properties.propertyNames()) {
      var member = valueFor(properties.get(name), depth).map(value -> quote(name) + ":" + value);
      members.add(Arbitraries.frequencyOf(Tuple.of(1, Arbitraries.just("")), Tuple.of(3, member)));
    }
    members.add(
        Arbitraries.frequencyOf(
            Tuple.of(6, Arbitraries.just("")),
            Tuple.of(
                1,
                Combinators.combine(JsonInputs.texts(), JsonInputs.values(List.of("x"), 1))
                    .as((k, v) -> quote(k) + ":" + v))));
    return Combinators.combine(members)
        .as(
            parts ->
                "{"
                    + String.join(",", parts.stream().filter(part -> !part.isEmpty()).toList())
                    + "}");
  }
}
