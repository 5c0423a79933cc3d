package io.reveille.sync.control;

import io.reveille.agent.entity.AgentLifecycle;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.platform.wire.WireEnum;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.time.DateTimeException;
import java.time.Instant;
import java.util.HashMap;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The JSON of what sites exchange about an agent's shared state: a vector clock as an object of
 * host → counter, a register as the array of its kept writes ({@code clock}, {@code host}, {@code
 * value}), and the state as one document with its {@code schemaVersion}. Reading is as strict as
 * for any input from outside: every shape, bound and value is checked, and a refusal names the path
 * of what is wrong; a document of a later schema version is refused as such ({@link LaterVersion}),
 * so that the caller can keep it until it can read it.
 */
public final class SyncDocuments {

  /** The version of the document this code writes and reads. */
  public static final int SCHEMA_VERSION = 1;

  /** The most writes one register may keep: at most one per host that can write concurrently. */
  public static final int MAX_VERSIONS = VectorClock.MAX_HOSTS;

  /** The most slots one agent's state may name. */
  public static final int MAX_SLOTS = 100;

  /** The longest message id, slot key or slot value (JSON text) a document may carry. */
  public static final int MAX_ID_LENGTH = 200;

  public static final int MAX_SLOT_JSON_LENGTH = JsonDocuments.MAX_STORED_CHARS;

  /** A document written by a later version of Reveille than this one. */
  public static final class LaterVersion extends IllegalArgumentException {
    private final int version;

    LaterVersion(int version) {
      super(
          "schemaVersion "
              + version
              + " is later than this version of Reveille reads ("
              + SCHEMA_VERSION
              + ")");
      this.version = version;
    }

    /** The document's schema version. */
    public int version() {
      return version;
    }
  }

  private SyncDocuments() {}

  /** A clock as JSON: {@code {"site-a": 3, "site-b": 1}}. */
  public static JsonObject toJson(VectorClock clock) {
    var json = JsonDocuments.provider().createObjectBuilder();
    clock.counters().forEach(json::add);
    return json.build();
  }

  /** A clock read from JSON at {@code path}. */
  public static VectorClock clock(JsonValue json, String path) {
    var object = object(json, path);
    if (object.size() > VectorClock.MAX_HOSTS) {
      throw refused(path, "names at most " + VectorClock.MAX_HOSTS + " hosts");
    }
    var counters = new HashMap<String, Long>();
    object.forEach(
        (host, value) -> {
          if (!(value instanceof JsonNumber number) || !number.isIntegral()) {
            throw refused(path + "." + host, "must be a whole number");
          }
          counters.put(host, number.longValueExact());
        });
    try {
      return VectorClock.of(counters);
    } catch (IllegalArgumentException e) {
      throw refused(path, e.getMessage());
    }
  }

  /** An agent's shared state as JSON. */
  public static JsonObject toJson(SharedAgentState state) {
    var slots = JsonDocuments.provider().createObjectBuilder();
    state.slots().forEach((key, register) -> slots.add(key, register(register, JsonValueOf::text)));
    var counters = JsonDocuments.provider().createObjectBuilder();
    state.processedCounterByHost().forEach(counters::add);
    return JsonDocuments.provider()
        .createObjectBuilder()
        .add(JsonDocuments.SCHEMA_VERSION, SCHEMA_VERSION)
        .add("lifecycle", register(state.lifecycle(), v -> JsonValueOf.text(v.wire())))
        .add("nextWakeAt", register(state.nextWakeAt(), JsonValueOf::instant))
        .add("sleepUntil", register(state.sleepUntil(), JsonValueOf::instant))
        .add("recentHeadMessageId", register(state.recentHeadMessageId(), JsonValueOf::text))
        .add("latestSummaryMessageId", register(state.latestSummaryMessageId(), JsonValueOf::text))
        .add("slots", slots)
        .add("processedCounterByHost", counters)
        .build();
  }

  /**
   * An agent's shared state read from JSON.
   *
   * @throws LaterVersion if a later version of Reveille wrote it
   * @throws IllegalArgumentException naming the path of what is not acceptable
   */
  public static SharedAgentState state(JsonValue json) {
    var object = object(json, "$");
    var version = object.get(JsonDocuments.SCHEMA_VERSION);
    if (!(version instanceof JsonNumber number) || !number.isIntegral() || number.intValue() < 1) {
      throw refused("$.schemaVersion", "must be a whole number from 1");
    }
    if (number.intValue() > SCHEMA_VERSION) {
      throw new LaterVersion(number.intValue());
    }
    var slotsJson = object(object.getOrDefault("slots", JsonValue.EMPTY_JSON_OBJECT), "$.slots");
    if (slotsJson.size() > MAX_SLOTS) {
      throw refused("$.slots", "names at most " + MAX_SLOTS + " slots");
    }
    var slots = new TreeMap<String, Register<String>>();
    slotsJson.forEach(
        (key, value) -> {
          if (key.isEmpty() || key.length() > MAX_ID_LENGTH) {
            throw refused("$.slots", "a slot key is 1 to " + MAX_ID_LENGTH + " characters");
          }
          slots.put(
              key,
              register(value, "$.slots." + key, (v, p) -> text(v, p, MAX_SLOT_JSON_LENGTH, true)));
        });
    var counters = new TreeMap<String, Long>();
    var countersJson =
        object(
            object.getOrDefault("processedCounterByHost", JsonValue.EMPTY_JSON_OBJECT),
            "$.processedCounterByHost");
    clock(countersJson, "$.processedCounterByHost").counters().forEach(counters::put);
    return new SharedAgentState(
        register(
            object.get("lifecycle"),
            "$.lifecycle",
            (v, p) -> lifecycle(text(v, p, MAX_ID_LENGTH, false), p)),
        register(object.get("nextWakeAt"), "$.nextWakeAt", SyncDocuments::instant),
        register(object.get("sleepUntil"), "$.sleepUntil", SyncDocuments::instant),
        register(
            object.get("recentHeadMessageId"),
            "$.recentHeadMessageId",
            (v, p) -> text(v, p, MAX_ID_LENGTH, false)),
        register(
            object.get("latestSummaryMessageId"),
            "$.latestSummaryMessageId",
            (v, p) -> text(v, p, MAX_ID_LENGTH, false)),
        slots,
        counters);
  }

  private static <T> JsonArrayBuilder register(Register<T> register, Function<T, JsonValue> value) {
    var array = JsonDocuments.provider().createArrayBuilder();
    for (var version : register.versions()) {
      array.add(
          JsonDocuments.provider()
              .createObjectBuilder()
              .add("clock", toJson(version.clock()))
              .add("host", version.host())
              .add(
                  "value",
                  version.value() == null ? JsonValue.NULL : value.apply(version.value())));
    }
    return array;
  }

  private interface Reader<T> {
    T read(JsonValue value, String path);
  }

  private static <T> Register<T> register(JsonValue json, String path, Reader<T> values) {
    if (json == null) {
      return Register.empty();
    }
    if (!(json instanceof JsonArray array)) {
      throw refused(path, "must be an array of writes");
    }
    if (array.size() > MAX_VERSIONS) {
      throw refused(path, "keeps at most " + MAX_VERSIONS + " writes");
    }
    var register = Register.<T>empty();
    for (var i = 0; i < array.size(); i++) {
      var at = path + "[" + i + "]";
      var write = object(array.get(i), at);
      var host = write.get("host");
      if (!(host instanceof JsonString name)
          || !VectorClock.HOST_ID.matcher(name.getString()).matches()) {
        throw refused(at + ".host", "must be a host id (1 to 64 letters, digits, . - _)");
      }
      var value = write.getOrDefault("value", JsonValue.NULL);
      var read =
          value.getValueType() == JsonValue.ValueType.NULL
              ? null
              : values.read(value, at + ".value");
      register =
          register.merge(
              Register.of(read, clock(write.get("clock"), at + ".clock"), name.getString()));
    }
    return register;
  }

  /**
   * The JSON object {@code text} holds, at most {@code maxChars} long, every field of it one of
   * {@code names} (another is refused as {@code unknown}).
   */
  static JsonObject objectOf(String text, int maxChars, Set<String> names, String unknown) {
    if (text.length() > maxChars) {
      throw refused("$", "must be at most " + maxChars + " characters");
    }
    JsonValue json;
    try (var reader = JsonDocuments.provider().createReader(new StringReader(text))) {
      json = reader.readValue();
    } catch (JsonException e) {
      throw refused("$", "is not JSON: " + e.getMessage());
    }
    var object = object(json, "$");
    for (var key : object.keySet()) {
      if (!names.contains(key)) {
        throw refused("$." + key, unknown);
      }
    }
    return object;
  }

  /** A site's host id at {@code path}. */
  static String host(JsonValue json, String path) {
    var host = text(json, path, 64, false);
    if (!VectorClock.HOST_ID.matcher(host).matches()) {
      throw refused(path, "must be a host id (letters, digits, '.', '_' or '-')");
    }
    return host;
  }

  static JsonObject object(JsonValue json, String path) {
    if (!(json instanceof JsonObject object)) {
      throw refused(path, "must be an object");
    }
    return object;
  }

  static String text(JsonValue json, String path, int max, boolean allowEmpty) {
    if (!(json instanceof JsonString string)) {
      throw refused(path, "must be a string");
    }
    var text = string.getString();
    if ((!allowEmpty && text.isEmpty()) || text.length() > max) {
      throw refused(path, "must be " + (allowEmpty ? 0 : 1) + " to " + max + " characters");
    }
    return text;
  }

  static Instant instant(JsonValue json, String path) {
    try {
      return Instant.parse(text(json, path, 64, false));
    } catch (DateTimeException e) {
      throw refused(path, "must be an ISO-8601 instant");
    }
  }

  private static AgentLifecycle lifecycle(String wire, String path) {
    try {
      return WireEnum.parse(AgentLifecycle.class, wire);
    } catch (RuntimeException e) {
      throw refused(path, "must be one of " + WireEnum.names(AgentLifecycle.class));
    }
  }

  static IllegalArgumentException refused(String path, String why) {
    return new IllegalArgumentException(path + " " + why);
  }

  /** JSON values of the Java values registers hold. */
  private static final class JsonValueOf {
    private JsonValueOf() {}

    static JsonValue text(String value) {
      return JsonDocuments.provider().createValue(value);
    }

    static JsonValue instant(Instant value) {
      return text(value.toString());
    }
  }
}
