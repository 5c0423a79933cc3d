package io.reveille.workingstate.control;

import com.networknt.schema.InputFormat;
import com.networknt.schema.Schema;
import com.networknt.schema.SchemaRegistry;
import com.networknt.schema.SpecificationVersion;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.error.InvalidInputException.Violation;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.platform.wire.WireEnum;
import io.reveille.workingstate.control.Expectation.Status;
import io.reveille.workingstate.control.WorkingState.Dependency;
import io.reveille.workingstate.control.WorkingState.Entity;
import io.reveille.workingstate.control.WorkingState.Hypothesis;
import io.reveille.workingstate.control.WorkingState.Item;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.function.Function;
import java.util.function.Supplier;
import tools.jackson.databind.json.JsonMapper;

/**
 * The JSON forms of the working state: the stored document (one per agent and thread) and the delta
 * an end-of-run summariser proposes, which is checked against its JSON Schema ({@value
 * #DELTA_SCHEMA_RESOURCE}) before anything of it is read, so that every bad field is reported at
 * once by its path ({@code itemOps[1].op}).
 */
public final class WorkingStateDocuments {

  public static final String DELTA_SCHEMA_RESOURCE = "workingstate/state-delta.schema.json";

  static final int SCHEMA_VERSION = 1;

  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final Schema DELTA_SCHEMA =
      SchemaRegistry.withDefaultDialect(SpecificationVersion.DRAFT_2020_12)
          .getSchema(resource(DELTA_SCHEMA_RESOURCE), InputFormat.JSON);

  private WorkingStateDocuments() {}

  // ---- the delta ----------------------------------------------------------------------------

  /**
   * Reads a delta document.
   *
   * @throws InvalidInputException naming every field that violates the schema ({@code
   *     itemOps[1].op}), or the first value the state's own rules refuse
   */
  public static StateDelta delta(JsonObject json) {
    var violations =
        DELTA_SCHEMA
            .validate(
                JSON.readTree(json.toString()),
                context -> context.executionConfig(c -> c.formatAssertionsEnabled(true)))
            .stream()
            .map(
                error ->
                    new Violation(
                        field(error.getInstanceLocation().toString(), error.getProperty()),
                        error.getMessage() == null ? error.toString() : error.getMessage()))
            .toList();
    if (!violations.isEmpty()) {
      throw new InvalidInputException(violations);
    }
    var understanding = json.getJsonObject("understanding");
    return new StateDelta(
        list(understanding, "entities", "understanding.entities", WorkingStateDocuments::entity),
        list(
            understanding,
            "dependencies",
            "understanding.dependencies",
            WorkingStateDocuments::dependency),
        list(json, "itemOps", "itemOps", WorkingStateDocuments::itemOp),
        list(json, "assumptions", "assumptions", WorkingStateDocuments::assumption),
        list(json, "expectations", "expectations", WorkingStateDocuments::expectation),
        list(json, "hypotheses", "hypotheses", WorkingStateDocuments::hypothesis));
  }

  /**
   * The field of a violation in the API's path style ({@code itemOps[1].op}) from the validator's
   * JSON pointer ({@code /itemOps/1/op}); an unknown property is named itself.
   */
  static String field(String pointer, String property) {
    var path = new StringBuilder();
    for (var segment : pointer.split("/")) {
      if (segment.isEmpty()) {
        continue;
      }
      var name = segment.replace("~1", "/").replace("~0", "~");
      if (name.chars().allMatch(Character::isDigit)) {
        path.append('[').append(name).append(']');
      } else {
        path.append(path.isEmpty() ? "" : ".").append(name);
      }
    }
    if (path.isEmpty()) {
      return property == null ? "$" : property;
    }
    return path.toString();
  }

  private static StateDelta.ItemOp itemOp(JsonObject op) {
    return switch (op.getString("op")) {
      case "add" -> new StateDelta.Add(at("item", () -> item(op.getJsonObject("item"))));
      case "update" -> {
        var patch = op.getJsonObject("patch");
        yield relative(
            () ->
                new StateDelta.Update(
                    op.getString("id"),
                    string(patch, "title"),
                    string(patch, "details"),
                    string(patch, "status"),
                    patch.containsKey("relatedEntityIds")
                        ? Optional.of(
                            patch
                                .getJsonArray("relatedEntityIds")
                                .getValuesAs(JsonString::getString))
                        : Optional.empty()));
      }
      default -> relative(() -> new StateDelta.Remove(op.getString("id")));
    };
  }

  // ---- the stored state ----------------------------------------------------------------------

  /** The stored document of a state. */
  public static JsonObject toJson(WorkingState state) {
    var json =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("schemaVersion", SCHEMA_VERSION)
            .add("entities", array(state.entities(), WorkingStateDocuments::toJson))
            .add("dependencies", array(state.dependencies(), WorkingStateDocuments::toJson))
            .add("assumptions", array(state.assumptions(), WorkingStateDocuments::toJson))
            .add("expectations", array(state.expectations(), WorkingStateDocuments::toJson))
            .add("hypotheses", array(state.hypotheses(), WorkingStateDocuments::toJson))
            .add("items", array(state.items(), WorkingStateDocuments::toJson))
            .add(
                "summarisedRuns",
                JsonDocuments.provider().createArrayBuilder(state.summarisedRuns()));
    state.lastSummarizedAt().ifPresent(at -> json.add("lastSummarizedAt", at.toString()));
    return json.build();
  }

  /** Reads a stored document (written by {@link #toJson(WorkingState)}). */
  public static WorkingState fromJson(JsonObject json) {
    return new WorkingState(
        list(json, "entities", "entities", WorkingStateDocuments::entity),
        list(json, "dependencies", "dependencies", WorkingStateDocuments::dependency),
        list(json, "assumptions", "assumptions", WorkingStateDocuments::assumption),
        list(json, "expectations", "expectations", WorkingStateDocuments::expectation),
        list(json, "hypotheses", "hypotheses", WorkingStateDocuments::hypothesis),
        list(json, "items", "items", WorkingStateDocuments::item),
        json.containsKey("summarisedRuns")
            ? json.getJsonArray("summarisedRuns").getValuesAs(JsonString::getString)
            : List.of(),
        string(json, "lastSummarizedAt").map(Instant::parse));
  }

  static JsonObject toJson(Entity entity) {
    var json =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("id", entity.id())
            .add("kind", entity.kind());
    optional(json, "name", entity.name());
    return json.build();
  }

  static JsonObject toJson(Dependency dependency) {
    var json =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("from", dependency.from())
            .add("to", dependency.to());
    optional(json, "rel", dependency.rel());
    return json.build();
  }

  static JsonObject toJson(Assumption assumption) {
    return JsonDocuments.provider()
        .createObjectBuilder()
        .add("id", assumption.id())
        .add("hypothesis", assumption.hypothesis())
        .add("confidence", assumption.confidence())
        .add("evidence", JsonDocuments.provider().createArrayBuilder(assumption.evidence()))
        .build();
  }

  static JsonObject toJson(Expectation expectation) {
    var json =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("id", expectation.id())
            .add("action", expectation.action())
            .add("expectedOutcome", expectation.expectedOutcome())
            .add(
                "expectedIds",
                JsonDocuments.provider().createArrayBuilder(expectation.expectedIds()))
            .add("status", expectation.status().wire());
    expectation.expectedType().ifPresent(type -> json.add("expectedType", type));
    expectation.expectedCount().ifPresent(count -> json.add("expectedCount", count));
    expectation.lastCheckedAt().ifPresent(at -> json.add("lastCheckedAt", at.toString()));
    expectation.invariant().ifPresent(text -> json.add("invariant", text));
    return json.build();
  }

  static JsonObject toJson(Hypothesis hypothesis) {
    var json =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("id", hypothesis.id())
            .add("hypothesis", hypothesis.hypothesis());
    optional(json, "reason", hypothesis.reason());
    return json.build();
  }

  static JsonObject toJson(Item item) {
    var json =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("id", item.id())
            .add("kind", item.kind())
            .add("title", item.title())
            .add("status", item.status());
    optional(json, "details", item.details());
    if (!item.relatedEntityIds().isEmpty()) {
      json.add(
          "relatedEntityIds", JsonDocuments.provider().createArrayBuilder(item.relatedEntityIds()));
    }
    optional(json, "createdAt", item.createdAt() == null ? null : item.createdAt().toString());
    optional(json, "updatedAt", item.updatedAt() == null ? null : item.updatedAt().toString());
    return json.build();
  }

  // ---- readers shared by both ----------------------------------------------------------------

  static Entity entity(JsonObject json) {
    return relative(
        () ->
            new Entity(
                json.getString("id"), json.getString("kind"), string(json, "name").orElse(null)));
  }

  static Dependency dependency(JsonObject json) {
    return relative(
        () ->
            new Dependency(
                json.getString("from"), json.getString("to"), string(json, "rel").orElse(null)));
  }

  static Assumption assumption(JsonObject json) {
    return relative(
        () ->
            new Assumption(
                json.getString("id"),
                json.getString("hypothesis"),
                json.getJsonNumber("confidence").doubleValue(),
                json.containsKey("evidence")
                    ? json.getJsonArray("evidence").getValuesAs(JsonString::getString)
                    : List.of()));
  }

  static Expectation expectation(JsonObject json) {
    return relative(
        () ->
            new Expectation(
                json.getString("id"),
                json.getString("action"),
                json.getString("expectedOutcome"),
                json.containsKey("expectedIds")
                    ? json.getJsonArray("expectedIds").getValuesAs(JsonString::getString)
                    : List.of(),
                string(json, "expectedType"),
                json.containsKey("expectedCount")
                    ? OptionalInt.of(((JsonNumber) json.get("expectedCount")).intValueExact())
                    : OptionalInt.empty(),
                string(json, "status")
                    .map(
                        s ->
                            WireEnum.read(Status.class, s)
                                .orElseThrow(
                                    () ->
                                        new IllegalArgumentException(
                                            "unknown expectation status '" + s + "'")))
                    .orElse(Status.PENDING),
                string(json, "lastCheckedAt").map(WorkingStateDocuments::instant),
                string(json, "invariant")));
  }

  static Hypothesis hypothesis(JsonObject json) {
    return relative(
        () ->
            new Hypothesis(
                json.getString("id"),
                json.getString("hypothesis"),
                string(json, "reason").orElse(null)));
  }

  static Item item(JsonObject json) {
    return relative(
        () ->
            new Item(
                json.getString("id"),
                json.getString("kind"),
                json.getString("title"),
                string(json, "details").orElse(null),
                json.getString("status"),
                json.containsKey("relatedEntityIds")
                    ? json.getJsonArray("relatedEntityIds").getValuesAs(JsonString::getString)
                    : List.of(),
                string(json, "createdAt").map(Instant::parse).orElse(null),
                string(json, "updatedAt").map(Instant::parse).orElse(null)));
  }

  private static Instant instant(String text) {
    try {
      return java.time.OffsetDateTime.parse(text).toInstant();
    } catch (DateTimeParseException e) {
      throw new InvalidInputException("lastCheckedAt", "must be a date-time with an offset");
    }
  }

  /**
   * The objects of {@code json[field]} read one by one; a value the state's rules refuse is
   * reported at its path ({@code itemOps[2].item.title}).
   */
  private static <T> List<T> list(
      JsonObject json, String field, String path, Function<JsonObject, T> read) {
    if (json == null || !json.containsKey(field)) {
      return List.of();
    }
    JsonArray array = json.getJsonArray(field);
    var values = new ArrayList<T>(array.size());
    for (var i = 0; i < array.size(); i++) {
      var element = array.getJsonObject(i);
      var where = path + "[" + i + "]";
      values.add(at(where, () -> read.apply(element)));
    }
    return values;
  }

  /**
   * Reads one value object, its refusals named relative to the object ({@code title}, not the
   * record's {@code item.title}).
   */
  private static <T> T relative(Supplier<T> read) {
    try {
      return read.get();
    } catch (InvalidInputException e) {
      throw new InvalidInputException(
          e.getViolations().stream()
              .map(v -> new Violation(v.field().substring(v.field().indexOf('.') + 1), v.message()))
              .toList());
    }
  }

  private static <T> T at(String path, Supplier<T> read) {
    try {
      return read.get();
    } catch (InvalidInputException e) {
      throw new InvalidInputException(
          e.getViolations().stream()
              .map(v -> new Violation(path + "." + v.field(), v.message()))
              .toList());
    }
  }

  private static Optional<String> string(JsonObject json, String field) {
    return json.containsKey(field) && !json.isNull(field)
        ? Optional.of(json.getString(field))
        : Optional.empty();
  }

  private static void optional(JsonObjectBuilder json, String field, String value) {
    if (value != null) {
      json.add(field, value);
    }
  }

  private static <T> JsonArrayBuilder array(List<T> values, Function<T, JsonObject> write) {
    var array = JsonDocuments.provider().createArrayBuilder();
    values.forEach(value -> array.add(write.apply(value)));
    return array;
  }

  private static String resource(String name) {
    try (InputStream in = WorkingStateDocuments.class.getClassLoader().getResourceAsStream(name)) {
      if (in == null) {
        throw new IllegalStateException("the application lacks " + name);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
