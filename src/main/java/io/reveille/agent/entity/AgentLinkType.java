package io.reveille.agent.entity;

import io.reveille.platform.wire.WireEnum;
import io.reveille.platform.wire.WireEnumConverter;
import java.util.Set;

/**
 * The relation an {@link AgentLink} records. Relations are rows rather than columns so that the
 * message log grows by appending (a message points at its predecessor) and sync can ship each link
 * on its own.
 */
public enum AgentLinkType implements WireEnum {
  AGENT_STATE("agentState", "agent_state"),
  AGENT_HEAD_MESSAGE("agentHeadMessage", "agent_head_message"),
  MESSAGE_PREV("messagePrev", "message_prev"),
  MESSAGE_PAYLOAD("messagePayload", "message_payload"),
  AGENT_REPORT_HEAD("agentReportHead", "agent_report_head"),
  REPORT_SOURCE_SPAN("reportSourceSpan", "report_source_span"),
  TOOL_EFFECT("toolEffect", "tool_effect"),
  AGENT_TASK("agentTask", "agent_task");

  private final String wire;
  private final Set<String> legacy;

  AgentLinkType(String wire, String... legacy) {
    this.wire = wire;
    this.legacy = Set.of(legacy);
  }

  /** The name used in JSON, query parameters and the database. */
  @Override
  public String wire() {
    return wire;
  }

  /** The snake_case spelling of releases before the one wire convention. */
  @Override
  public Set<String> legacy() {
    return legacy;
  }

  /** Stores the value by its wire name. */
  @jakarta.persistence.Converter
  public static class Converter extends WireEnumConverter<AgentLinkType> {
    public Converter() {
      super(AgentLinkType.class);
    }
  }
}
