package io.reveille.memory.entity;

import jakarta.persistence.AttributeConverter;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * What a log entry is. Persisted and exchanged by its wire name (the seed's spelling, e.g. {@code
 * toolResult}), never by ordinal or Java name, so that renaming a constant cannot silently change
 * stored data or the API.
 */
public enum AgentMessageKind {
  /** A note the agent keeps for itself across wakes (its private journal). */
  OBSERVATION("observation"),
  /** A turn of a user in an interactive session. */
  USER("user"),
  /** A turn of the model: its text, and the tool calls it asked for (in the metadata). */
  ASSISTANT("assistant"),
  /** The agent's reasoning within a wake. */
  THOUGHT("thought"),
  /** A tool call the agent made. */
  ACTION("action"),
  /** The outcome of a tool call. */
  TOOL_RESULT("toolResult"),
  /** A compaction of a span of older messages; the only kind with a summary span. */
  SUMMARY("summary"),
  /** Something the platform said to the agent (wake reason, instructions). */
  SYSTEM("system");

  private static final List<String> WIRE_NAMES =
      Arrays.stream(values()).map(AgentMessageKind::wire).toList();

  private final String wire;

  AgentMessageKind(String wire) {
    this.wire = wire;
  }

  /** The name used in the database, JSON and query parameters. */
  public String wire() {
    return wire;
  }

  /** The kind with this wire name, if there is one (case-sensitive). */
  public static Optional<AgentMessageKind> fromWire(String wire) {
    return Arrays.stream(values()).filter(kind -> kind.wire.equals(wire)).findFirst();
  }

  /** Every wire name, in declaration order (for error messages and documentation). */
  public static List<String> wireNames() {
    return WIRE_NAMES;
  }

  /** Stores the kind by its wire name. */
  public static class Converter implements AttributeConverter<AgentMessageKind, String> {

    @Override
    public String convertToDatabaseColumn(AgentMessageKind kind) {
      return kind == null ? null : kind.wire;
    }

    @Override
    public AgentMessageKind convertToEntityAttribute(String wire) {
      return wire == null
          ? null
          : fromWire(wire)
              .orElseThrow(
                  () ->
                      new IllegalStateException(
                          "Unknown message kind '" + wire + "' in the database"));
    }
  }
}
