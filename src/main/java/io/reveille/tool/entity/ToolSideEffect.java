package io.reveille.tool.entity;

import jakarta.persistence.AttributeConverter;
import java.util.Arrays;
import java.util.Optional;

/**
 * What a tool call can change, which decides how strictly it must be deduplicated: {@code external}
 * and {@code memory} calls always need an idempotency key, {@code read_only} calls may simply run
 * again. Unknown tools are classified {@code external} by the registry (the conservative default).
 * Persisted by wire name.
 */
public enum ToolSideEffect {
  /** Creates, changes or sends something outside Reveille (HTTP calls, messages). */
  EXTERNAL("external"),
  /** Changes persistent state inside Reveille (journal domain, agent memory). */
  MEMORY("memory"),
  /** Changes only node-local things (files, caches). */
  LOCAL("local"),
  /** Reads only. */
  READ_ONLY("read_only");

  private final String wire;

  ToolSideEffect(String wire) {
    this.wire = wire;
  }

  public String wire() {
    return wire;
  }

  /** Whether a retry or replay would repeat an effect someone can observe. */
  public boolean isMutating() {
    return this != READ_ONLY;
  }

  public static Optional<ToolSideEffect> fromWire(String wire) {
    return Arrays.stream(values()).filter(effect -> effect.wire.equals(wire)).findFirst();
  }

  /** Stores the side-effect class by its wire name. */
  public static class Converter implements AttributeConverter<ToolSideEffect, String> {

    @Override
    public String convertToDatabaseColumn(ToolSideEffect effect) {
      return effect == null ? null : effect.wire;
    }

    @Override
    public ToolSideEffect convertToEntityAttribute(String wire) {
      return wire == null
          ? null
          : fromWire(wire)
              .orElseThrow(
                  () ->
                      new IllegalStateException(
                          "Unknown side-effect class '" + wire + "' in the database"));
    }
  }
}
