package io.reveille.wake.control;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.Objects;
import java.util.stream.Collectors;

/**
 * Deterministic run keys and thread ids.
 *
 * <p>A run key is derived only from what identifies the wake (seed 000 "Wake-run idempotency", seed
 * 003 §4.2): the same inputs always give the same key, so a retried transaction, a redelivered
 * message or a recovery re-enqueue names the same run and the run log short-circuits it.
 * Subscription wakes add the agent's persisted, monotonic wake counter, so two batches with
 * identical content still make distinct runs; the counter is incremented in the transaction that
 * writes the run log entry, so a rolled-back attempt reuses the same counter value and key.
 */
public final class RunKeys {

  static final String PREFIX = "wk-";

  private RunKeys() {}

  /** {@code SHA-256(agentId | subscriptionIds | batchId | wakeCounter)}. */
  public static String subscription(
      String agentId, List<String> subscriptionIds, String batchId, long wakeCounter) {
    var subscriptions = subscriptionIds.stream().sorted().collect(Collectors.joining(","));
    return key("subscription", agentId, subscriptions, batchId, Long.toString(wakeCounter));
  }

  /**
   * A manual wake: keyed by the caller's idempotency key when it gives one (a retried request names
   * the same run), else by a random request identity.
   */
  public static String manual(String agentId, String requestIdentity) {
    return key("manual", agentId, requestIdentity);
  }

  /** {@code SHA-256(agentId | timerId | scheduledAt)}. */
  public static String timer(String agentId, String timerId, String scheduledAt) {
    return key("timer", agentId, timerId, scheduledAt);
  }

  /**
   * The next wake an agent set itself: {@code SHA-256(agentId | setBy | wakeAt)}, where {@code
   * setBy} is the run (or API call) that set it, so that the same call made again names the same
   * run.
   */
  public static String scheduled(String agentId, String setBy, String wakeAt) {
    return key("scheduled", agentId, setBy, wakeAt);
  }

  /**
   * A user's turn in an interactive session: {@code SHA-256(agentId | sessionId | turnId)}. The
   * turn id is the client's (or one the server made up for a client that gave none), so a client
   * that retries a turn with its turn id names the same run.
   */
  public static String session(String agentId, String sessionId, String turnId) {
    return key("userInitiated", agentId, sessionId, turnId);
  }

  /**
   * A session's turns all share one thread, {@code <agentId>:session:<sessionId>}: the conversation
   * is one history, unlike autonomous runs.
   */
  public static String sessionThreadId(String agentId, String sessionId) {
    return agentId + ":session:" + sessionId;
  }

  /** Autonomous runs each get their own thread: {@code <agentId>:run:<runKey>}. */
  public static String threadId(String agentId, String runKey) {
    return agentId + ":run:" + runKey;
  }

  private static String key(String reason, String... parts) {
    var text = new StringBuilder(reason);
    for (var part : parts) {
      Objects.requireNonNull(part, "run key part");
      // Length-prefixed so that no two different part lists give the same text.
      text.append('|').append(part.length()).append(':').append(part);
    }
    return PREFIX + HexFormat.of().formatHex(sha256(text.toString()));
  }

  private static byte[] sha256(String text) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every Java runtime", e);
    }
  }
}
