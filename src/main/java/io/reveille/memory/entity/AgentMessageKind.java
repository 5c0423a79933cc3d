package io.reveille.memory.entity;

import io.reveille.platform.wire.WireEnum;
import io.reveille.platform.wire.WireEnumConverter;

/**
 * What a log entry is. Persisted and exchanged by its wire name (the seed's spelling, e.g. {@code
 * toolResult}), never by ordinal or Java name, so that renaming a constant cannot silently change
 * stored data or the API.
 */
public enum AgentMessageKind implements WireEnum {
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

  private final String wire;

  AgentMessageKind(String wire) {
    this.wire = wire;
  }

  /** The name used in the database, JSON and query parameters. */
  @Override
  public String wire() {
    return wire;
  }

  /** Stores the value by its wire name. */
  @jakarta.persistence.Converter
  public static class Converter extends WireEnumConverter<AgentMessageKind> {
    public Converter() {
      super(AgentMessageKind.class);
    }
  }
}
