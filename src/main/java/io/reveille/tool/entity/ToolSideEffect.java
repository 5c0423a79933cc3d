package io.reveille.tool.entity;

import io.reveille.platform.wire.WireEnum;
import io.reveille.platform.wire.WireEnumConverter;
import java.util.Set;

/**
 * What a tool call can change, which decides how strictly it must be deduplicated: {@code external}
 * and {@code memory} calls always need an idempotency key, {@code readOnly} calls may simply run
 * again. Unknown tools are classified {@code external} by the registry (the conservative default).
 * Persisted by wire name.
 */
public enum ToolSideEffect implements WireEnum {
  /** Creates, changes or sends something outside Reveille (HTTP calls, messages). */
  EXTERNAL("external"),
  /** Changes persistent state inside Reveille (journal domain, agent memory). */
  MEMORY("memory"),
  /** Changes only node-local things (files, caches). */
  LOCAL("local"),
  /** Reads only. */
  READ_ONLY("readOnly", "read_only");

  private final String wire;
  private final Set<String> legacy;

  ToolSideEffect(String wire, String... legacy) {
    this.wire = wire;
    this.legacy = Set.of(legacy);
  }

  @Override
  public String wire() {
    return wire;
  }

  /** The snake_case spelling of releases before the one wire convention. */
  @Override
  public Set<String> legacy() {
    return legacy;
  }

  /** Whether a retry or replay would repeat an effect someone can observe. */
  public boolean isMutating() {
    return this != READ_ONLY;
  }

  /** Stores the value by its wire name. */
  @jakarta.persistence.Converter
  public static class Converter extends WireEnumConverter<ToolSideEffect> {
    public Converter() {
      super(ToolSideEffect.class);
    }
  }
}
