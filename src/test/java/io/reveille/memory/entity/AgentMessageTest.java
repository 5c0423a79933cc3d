package io.reveille.memory.entity;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.wire.WireEnum;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

class AgentMessageTest {

  private static final Instant T0 = Instant.parse("2026-11-02T08:00:00Z");

  private static AgentMessage.Builder observation(String id) {
    return AgentMessage.builder(id, "agent-1", "agent-1:run:w1", AgentMessageKind.OBSERVATION, T0);
  }

  @Test
  void plainMessageDefaultsToNoLinksNoSpanAndEmptyMetadata() {
    var message = observation("m-1").build();
    assertEquals("m-1", message.getId());
    assertEquals("agent-1", message.getAgentId());
    assertEquals("agent-1:run:w1", message.getThreadId());
    assertEquals(AgentMessageKind.OBSERVATION, message.getKind());
    assertEquals(T0, message.getCreatedAt());
    assertNull(message.getPrevMessageId());
    assertNull(message.getSummaryStartMessageId());
    assertEquals(0, message.getSummaryDepth());
    assertEquals(0, message.getTokensApprox());
    assertEquals(AgentMessageMetadata.empty(), message.getMetadata());
    assertFalse(message.isSummary());
  }

  @Test
  void messageChainsToItsPredecessorAndKeepsItsReferences() {
    var message =
        observation("m-2")
            .prevMessageId("m-1")
            .contentEntryId("payload-1")
            .triggerSourceId("batch-7")
            .tokensApprox(42)
            .build();
    assertEquals("m-1", message.getPrevMessageId());
    assertEquals("payload-1", message.getContentEntryId());
    assertEquals("batch-7", message.getTriggerSourceId());
    assertEquals(42, message.getTokensApprox());
  }

  @Test
  void aShortTextTravelsWithTheMessageAndALongerOneIsRefused() {
    var longest = "x".repeat(AgentMessage.INLINE_CONTENT_LENGTH);
    assertEquals(
        Optional.of(longest), observation("m-3").content(longest).build().getInlineContent());
    assertEquals(Optional.of(""), observation("m-4").content("").build().getInlineContent());
    assertEquals(Optional.empty(), observation("m-5").build().getInlineContent());
    var tooLong = observation("m-6").content(longest + "y");
    assertEquals("content", assertThrows(InvalidInputException.class, tooLong::build).getField());
    var both = observation("m-7").content("short").contentEntryId("payload-7");
    assertEquals("content", assertThrows(InvalidInputException.class, both::build).getField());
  }

  @Test
  void summaryCarriesItsSpanAndDepth() {
    var summary =
        AgentMessage.builder("s-1", "agent-1", "t", AgentMessageKind.SUMMARY, T0)
            .summarySpan("m-1", "m-9", 1)
            .build();
    assertTrue(summary.isSummary());
    assertEquals("m-1", summary.getSummaryStartMessageId());
    assertEquals("m-9", summary.getSummaryEndMessageId());
    assertEquals(1, summary.getSummaryDepth());
  }

  @ParameterizedTest
  @EnumSource(value = AgentMessageKind.class, names = "SUMMARY", mode = EnumSource.Mode.EXCLUDE)
  void onlySummariesMayCarryASpan(AgentMessageKind kind) {
    var builder = AgentMessage.builder("m-1", "agent-1", "t", kind, T0).summarySpan("a", "b", 1);
    var error = assertThrows(InvalidInputException.class, builder::build);
    assertEquals("summaryStartMessageId", error.getField());
  }

  @Test
  void nonSummaryWithADepthIsRefused() {
    var builder = observation("m-1").summarySpan(null, null, 2);
    assertEquals(
        "summaryDepth", assertThrows(InvalidInputException.class, builder::build).getField());
  }

  @Test
  void summaryWithoutBothEndsOfItsSpanIsRefused() {
    var builder =
        AgentMessage.builder("s-1", "agent-1", "t", AgentMessageKind.SUMMARY, T0)
            .summarySpan("m-1", null, 1);
    assertEquals(
        "summaryEndMessageId",
        assertThrows(InvalidInputException.class, builder::build).getField());
  }

  @Test
  void summaryOfDepthZeroIsRefused() {
    var builder =
        AgentMessage.builder("s-1", "agent-1", "t", AgentMessageKind.SUMMARY, T0)
            .summarySpan("m-1", "m-2", 0);
    assertEquals(
        "summaryDepth", assertThrows(InvalidInputException.class, builder::build).getField());
  }

  @Test
  void summaryCannotBePartOfItsOwnSpan() {
    var builder =
        AgentMessage.builder("s-1", "agent-1", "t", AgentMessageKind.SUMMARY, T0)
            .summarySpan("m-1", "s-1", 1);
    assertThrows(InvalidInputException.class, builder::build);
  }

  @Test
  void negativeTokenCountIsRefused() {
    var builder = observation("m-1").tokensApprox(-1);
    assertEquals(
        "tokensApprox", assertThrows(InvalidInputException.class, builder::build).getField());
  }

  @Test
  void messageCannotFollowItself() {
    var builder = observation("m-1").prevMessageId("m-1");
    assertEquals(
        "prevMessageId", assertThrows(InvalidInputException.class, builder::build).getField());
  }

  @Test
  void missingOrOversizedIdentityIsRefused() {
    assertEquals(
        "id", assertThrows(InvalidInputException.class, () -> observation(" ").build()).getField());
    assertEquals(
        "id",
        assertThrows(InvalidInputException.class, () -> observation("x".repeat(65)).build())
            .getField());
    assertEquals(
        "threadId",
        assertThrows(
                InvalidInputException.class,
                () ->
                    AgentMessage.builder("m", "a", "t".repeat(201), AgentMessageKind.USER, T0)
                        .build())
            .getField());
    assertEquals(
        "kind",
        assertThrows(
                InvalidInputException.class,
                () -> AgentMessage.builder("m", "a", "t", null, T0).build())
            .getField());
    assertEquals(
        "createdAt",
        assertThrows(
                InvalidInputException.class,
                () -> AgentMessage.builder("m", "a", "t", AgentMessageKind.USER, null).build())
            .getField());
    assertEquals(
        "metadata",
        assertThrows(InvalidInputException.class, () -> observation("m").metadata(null).build())
            .getField());
  }

  @Test
  void kindsRoundTripByWireName() {
    assertEquals(
        List.of(
            "observation",
            "user",
            "assistant",
            "thought",
            "action",
            "toolResult",
            "summary",
            "system"),
        WireEnum.values(AgentMessageKind.class));
    assertEquals(
        Optional.of(AgentMessageKind.TOOL_RESULT),
        WireEnum.find(AgentMessageKind.class, "toolResult"));
    assertEquals(Optional.empty(), WireEnum.find(AgentMessageKind.class, "TOOL_RESULT"));
    var converter = new AgentMessageKind.Converter();
    for (var kind : AgentMessageKind.values()) {
      assertEquals(kind.wire(), converter.convertToDatabaseColumn(kind));
      assertEquals(kind, converter.convertToEntityAttribute(kind.wire()));
    }
    assertNull(converter.convertToDatabaseColumn(null));
    assertThrows(IllegalStateException.class, () -> converter.convertToEntityAttribute("nope"));
  }
}
