package io.reveille.agent.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.wire.WireEnum;
import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class AgentWireNamesTest {

  @Test
  void enumsUseTheDocumentedWireNames() {
    assertEquals("custom, taskAgent, dayPlanner", WireEnum.names(AgentKind.class));
    assertEquals("created, active, dormant, destroyed", WireEnum.names(AgentLifecycle.class));
    assertEquals("autonomous, interactive, hybrid", WireEnum.names(AgentMode.class));
    assertEquals("idle, queued, running, waiting", WireEnum.names(AgentRunStatus.class));
    assertEquals(
        "agentState, agentHeadMessage, messagePrev, messagePayload, "
            + "agentReportHead, reportSourceSpan, toolEffect, agentTask",
        WireEnum.names(AgentLinkType.class));
  }

  @Test
  void fromWireFindsEveryConstantByItsWireNameOnly() {
    for (var kind : AgentKind.values()) {
      assertEquals(Optional.of(kind), WireEnum.find(AgentKind.class, kind.wire()));
    }
    for (var type : AgentLinkType.values()) {
      assertEquals(Optional.of(type), WireEnum.find(AgentLinkType.class, type.wire()));
    }
    assertEquals(Optional.empty(), WireEnum.find(AgentKind.class, "TASK_AGENT"));
    assertEquals(Optional.empty(), WireEnum.find(AgentLifecycle.class, "Active"));
    assertEquals(Optional.empty(), WireEnum.find(AgentMode.class, null));
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
        "messagePrev",
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
