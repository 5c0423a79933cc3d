package io.reveille.platform.wire;

import java.util.Map;
import java.util.TreeMap;

/**
 * The old spellings one request used, so that its response can carry a {@code Deprecation} header.
 *
 * <p>Why a thread-local: the spellings are parsed deep inside resources and services that know
 * nothing of HTTP. A JAX-RS request filter calls {@link #listen()}, the resource runs synchronously
 * on the same thread, and the response filter calls {@link #take()}; outside a listening thread
 * (agents' tool calls, message-driven beans, reads of stored rows) an old spelling is simply
 * accepted.
 */
public final class LegacySpellings {

  private static final ThreadLocal<Map<String, String>> HEARD = new ThreadLocal<>();

  private LegacySpellings() {}

  /** Starts recording the old spellings this thread parses, forgetting any earlier ones. */
  public static void listen() {
    HEARD.set(new TreeMap<>());
  }

  /**
   * Stops recording and returns what was heard: each old spelling with its wire name, empty when
   * none (or when nobody listened).
   */
  public static Map<String, String> take() {
    var heard = HEARD.get();
    HEARD.remove();
    return heard == null ? Map.of() : heard;
  }

  static void heard(String legacy, String wire) {
    var heard = HEARD.get();
    if (heard != null) {
      heard.put(legacy, wire);
    }
  }
}
