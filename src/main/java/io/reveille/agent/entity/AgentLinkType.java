package io.reveille.agent.entity;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * The relation an {@link AgentLink} records. Relations are rows rather than columns so that the
 * message log grows by appending (a message points at its predecessor) and sync can ship each link
 * on its own.
 */
public enum AgentLinkType {
  AGENT_STATE("agent_state"),
  AGENT_HEAD_MESSAGE("agent_head_message"),
  MESSAGE_PREV("message_prev"),
  MESSAGE_PAYLOAD("message_payload"),
  AGENT_REPORT_HEAD("agent_report_head"),
  REPORT_SOURCE_SPAN("report_source_span"),
  TOOL_EFFECT("tool_effect"),
  AGENT_TASK("agent_task");

  private final String wire;

  AgentLinkType(String wire) {
    this.wire = wire;
  }

  /** The name used in JSON, query parameters and the database. */
  public String wire() {
    return wire;
  }

  public static Optional<AgentLinkType> fromWire(String wire) {
    return Arrays.stream(values()).filter(value -> value.wire.equals(wire)).findFirst();
  }

  /** Every wire name, comma-separated, for error messages that list the choices. */
  public static String wireNames() {
    return Arrays.stream(values()).map(AgentLinkType::wire).collect(Collectors.joining(", "));
  }

  /** Stores the wire name. */
  @jakarta.persistence.Converter
  public static class Converter extends WireNameConverter<AgentLinkType> {
    public Converter() {
      super(AgentLinkType.class, AgentLinkType::wire, AgentLinkType::fromWire);
    }
  }
}
