package io.reveille.journal.boundary;

import io.reveille.journal.entity.TaskPriority;
import io.reveille.journal.entity.TaskStatus;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.error.InvalidInputException.Violation;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Reads one request body into its record and collects what is wrong with it, so that a request with
 * several bad fields hears about all of them in one 400: an unknown field, a value of the wrong
 * type, a required field left out. {@link #done()} throws them together.
 *
 * <p>A value that cannot be read is empty to the rest of the reading, which goes on.
 */
final class BodyReader {

  private final JsonObject json;
  private final String prefix;
  private final List<Violation> violations = new ArrayList<>();

  private BodyReader(JsonObject json, String prefix) {
    this.json = json;
    this.prefix = prefix;
  }

  /**
   * A reader of the body of a request of type {@code type}, which must be a JSON object; every
   * field the type does not declare is a violation.
   */
  static BodyReader of(JsonObject body, Class<? extends Record> type) {
    return of(JournalJson.object(body), type, "");
  }

  /** A reader of one element of a body ({@code upserts[2]}): violations name its full path. */
  static BodyReader of(JsonObject element, Class<? extends Record> type, String path) {
    var reader = new BodyReader(element, path.isEmpty() ? "" : path + ".");
    var known = JournalJson.fields(type);
    for (var name : element.keySet()) {
      if (!known.contains(name)) {
        reader.add(name, "unknown field; known fields are " + known);
      }
    }
    return reader;
  }

  JsonObject json() {
    return json;
  }

  Optional<String> string(String field) {
    return read(() -> JournalJson.string(json, field));
  }

  Optional<Boolean> bool(String field) {
    return read(() -> JournalJson.bool(json, field));
  }

  Optional<Integer> integer(String field) {
    return read(() -> JournalJson.clearableInt(json, field).flatMap(v -> v));
  }

  Optional<LocalDate> date(String field) {
    return read(() -> JournalJson.clearableDate(json, field).flatMap(v -> v));
  }

  Optional<Instant> instant(String field) {
    return read(() -> JournalJson.instant(json, field));
  }

  Optional<TaskStatus> status(String field) {
    return read(() -> JournalJson.status(json, field));
  }

  Optional<TaskPriority> priority(String field) {
    return read(() -> JournalJson.priority(json, field));
  }

  Optional<List<String>> strings(String field) {
    return read(() -> JournalJson.strings(json, field));
  }

  List<JsonObject> objects(String field) {
    return read(() -> Optional.of(JournalJson.objects(json, field))).orElse(List.of());
  }

  /**
   * The value of a required field: when it was left out (or {@code null}) and nothing else is wrong
   * with it, a violation {@code is required}; {@code null} then.
   */
  <T> T required(String field, Optional<T> value) {
    var path = at(field);
    var alreadyWrong =
        violations.stream()
            .map(Violation::field)
            .anyMatch(f -> f.equals(path) || f.startsWith(path + "[") || f.startsWith(path + "."));
    if (value.isEmpty() && !alreadyWrong) {
      add(field, "is required");
    }
    return value.orElse(null);
  }

  /** Fields a merge patch may change but not clear: {@code null} for one is a violation. */
  void notCleared(String... fields) {
    for (var field : fields) {
      if (json.containsKey(field) && json.isNull(field)) {
        add(field, "cannot be cleared");
      }
    }
  }

  /** A violation of this body's field {@code field}. */
  void add(String field, String message) {
    violations.add(new Violation(at(field), message));
  }

  /** The violations of an element read with its own reader, in their place among this body's. */
  void addAll(List<Violation> found) {
    violations.addAll(found);
  }

  boolean valid() {
    return violations.isEmpty();
  }

  List<Violation> violations() {
    return List.copyOf(violations);
  }

  /** Throws every violation found, together; returns when there was none. */
  void done() {
    if (!violations.isEmpty()) {
      throw new InvalidInputException(violations);
    }
  }

  private <T> Optional<T> read(Supplier<Optional<T>> reader) {
    try {
      return reader.get();
    } catch (InvalidInputException e) {
      e.getViolations().forEach(v -> violations.add(new Violation(at(v.field()), v.message())));
      return Optional.empty();
    }
  }

  private String at(String field) {
    return prefix + field;
  }
}
