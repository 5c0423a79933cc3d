package io.reveille.sync.control;

import static io.reveille.sync.control.SyncDocuments.objectOf;
import static io.reveille.sync.control.SyncDocuments.refused;

import io.reveille.platform.json.JsonDocuments;
import io.reveille.sync.entity.SyncBackfill;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.Set;

/**
 * What sites tell each other besides records, on the same queues (the JMS property {@value
 * #KIND_PROPERTY} says which; a message without it is a record): an origin's <b>head</b>, how far
 * it has sent ({@code {"origin": "site-a", "sentThrough": 120}}), so that a peer that lost the last
 * records sees them missing; and a <b>backfill</b> request, a peer asking an origin for a range of
 * its records again ({@code {"requester": "site-b", "origin": "site-a", "from": 5, "to": 9}}). Read
 * as strictly as records: a refusal names the path.
 */
public final class SyncSignals {

  /** The JMS property naming what a message on the sync queues is. */
  public static final String KIND_PROPERTY = "reveilleSyncKind";

  /** {@value #KIND_PROPERTY} of a record (also a message without the property). */
  public static final String RECORD = "record";

  /** {@value #KIND_PROPERTY} of an origin's head. */
  public static final String HEAD = "head";

  /** {@value #KIND_PROPERTY} of a backfill request. */
  public static final String BACKFILL = "backfill";

  private SyncSignals() {}

  /** How far {@code origin} has sent its records. */
  public record Head(String origin, long sentThrough) {
    public String write() {
      return JsonDocuments.write(
          JsonDocuments.provider()
              .createObjectBuilder()
              .add("origin", origin)
              .add("sentThrough", sentThrough)
              .build());
    }
  }

  /** {@code requester} asks {@code origin} for its records {@code from} through {@code to}. */
  public record Backfill(String requester, String origin, long from, long to) {
    public String write() {
      return JsonDocuments.write(
          JsonDocuments.provider()
              .createObjectBuilder()
              .add("requester", requester)
              .add("origin", origin)
              .add("from", from)
              .add("to", to)
              .build());
    }
  }

  /**
   * Reads a head.
   *
   * @throws IllegalArgumentException naming the path of what is wrong
   */
  public static Head head(String text) {
    var json = fields(text, Set.of("origin", "sentThrough"));
    return new Head(host(json, "origin"), counter(json.get("sentThrough"), "$.sentThrough", 0));
  }

  /**
   * Reads a backfill request.
   *
   * @throws IllegalArgumentException naming the path of what is wrong
   */
  public static Backfill backfill(String text) {
    var json = fields(text, Set.of("requester", "origin", "from", "to"));
    var from = counter(json.get("from"), "$.from", 1);
    var to = counter(json.get("to"), "$.to", 1);
    if (to < from || to - from >= SyncBackfill.MAX_RANGE) {
      throw refused("$.to", "must be from $.from to " + SyncBackfill.MAX_RANGE + " counters on");
    }
    return new Backfill(host(json, "requester"), host(json, "origin"), from, to);
  }

  private static JsonObject fields(String text, Set<String> names) {
    return objectOf(text, 4_096, names, "is not a field here");
  }

  private static String host(JsonObject json, String name) {
    return SyncDocuments.host(json.get(name), "$." + name);
  }

  private static long counter(JsonValue json, String path, long min) {
    if (!(json instanceof JsonNumber number) || !number.isIntegral()) {
      throw refused(path, "must be a whole number");
    }
    try {
      var value = number.longValueExact();
      if (value < min) {
        throw refused(path, "must be at least " + min);
      }
      return value;
    } catch (ArithmeticException e) {
      throw refused(path, "must be a whole number of at most " + Long.MAX_VALUE);
    }
  }
}
