package io.reveille.agent.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class AgentWireNamesTest {

  @Test
  void enumsUseTheDocumentedWireNames() {
    assertEquals("custom, taskAgent, dayPlanner", AgentKind.wireNames());
    assertEquals("created, active, dormant, destroyed", AgentLifecycle.wireNames());
    assertEquals("autonomous, interactive, hybrid", AgentMode.wireNames());
    assertEquals("idle, queued, running, failed", AgentRunStatus.wireNames());
    assertEquals(
        "agent_state, agent_head_message, message_prev, message_payload, "
            + "agent_report_head, report_source_span, tool_effect, agent_task",
        AgentLinkType.wireNames());
  }

  @Test
  void fromWireFindsEveryConstantByItsWireNameOnly() {
    for (var kind : AgentKind.values()) {
      assertEquals(Optional.of(kind), AgentKind.fromWire(kind.wire()));
    }
    for (var type : AgentLinkType.values()) {
      assertEquals(Optional.of(type), AgentLinkType.fromWire(type.wire()));
    }
    assertEquals(Optional.empty(), AgentKind.fromWire("TASK_AGENT"));
    assertEquals(Optional.empty(), AgentLifecycle.fromWire("Active"));
    assertEquals(Optional.empty(), AgentMode.fromWire(null));
  }

  @Test
  void convertersStoreAndReadTheWireName() {
    var lifecycle = new AgentLifecycle.Converter();
    for (var value : AgentLifecycle.values()) {
      assertEquals(value.wire(), lifecycle.convertToDatabaseColumn(value));
      assertEquals(value, lifecycle.convertToEntityAttribute(value.wire()));
    }
    assertEquals(
        "taskAgent", new AgentKind.Converter().convertToDatabaseColumn(AgentKind.TASK_AGENT));
    assertEquals(AgentMode.HYBRID, new AgentMode.Converter().convertToEntityAttribute("hybrid"));
    assertEquals(
        AgentRunStatus.FAILED, new AgentRunStatus.Converter().convertToEntityAttribute("failed"));
    assertEquals(
        "message_prev",
        new AgentLinkType.Converter().convertToDatabaseColumn(AgentLinkType.MESSAGE_PREV));
    assertNull(lifecycle.convertToDatabaseColumn(null));
    assertNull(lifecycle.convertToEntityAttribute(null));
  }

  @Test
  void unknownStoredWireNameFailsLoudlyNamingIt() {
    var failure =
        assertThrows(
            IllegalStateException.class,
            () -> new AgentKind.Converter().convertToEntityAttribute("wizard"));
    assertTrue(failure.getMessage().contains("AgentKind 'wizard'"), failure::getMessage);
  }

  @Test
  void wireNamesFitTheirColumns() {
    Stream.of(
            Arrays.stream(AgentKind.values()).map(AgentKind::wire),
            Arrays.stream(AgentLinkType.values()).map(AgentLinkType::wire))
        .flatMap(names -> names)
        .forEach(name -> assertTrue(name.length() <= 32, name));
    Stream.of(
            Arrays.stream(AgentLifecycle.values()).map(AgentLifecycle::wire),
            Arrays.stream(AgentMode.values()).map(AgentMode::wire),
            Arrays.stream(AgentRunStatus.values()).map(AgentRunStatus::wire))
        .flatMap(names -> names)
        .forEach(name -> assertTrue(name.length() <= 16, name));
  }
}
