package io.reveille.sync.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.entity.Agent;
import io.reveille.agent.entity.AgentConfig;
import io.reveille.agent.entity.AgentKind;
import io.reveille.agent.entity.AgentMode;
import io.reveille.agent.entity.AgentSlots;
import io.reveille.agent.entity.AgentState;
import io.reveille.memory.entity.AgentMessage;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.platform.json.JsonDocuments;
import java.time.Instant;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SyncEnvelopeTest {

  private static final Instant NOW = Instant.parse("2026-12-01T08:00:00Z");

  @Test
  void anAgentAndAMessageTravelAndReadBackAsTheyWereWritten() {
    var agent =
        new Agent(
            "a-1",
            AgentKind.TASK_AGENT,
            "Planner",
            AgentMode.HYBRID,
            Set.of("cat-2", "cat-1"),
            AgentConfig.empty(),
            NOW);
    var state = new AgentState("s-1", "a-1", AgentSlots.empty(), NOW);
    var envelope = new SyncEnvelope("site-a", 4, "agent", "a-1", 1, SyncBodies.agent(agent, state));
    var read = SyncEnvelope.read(envelope.write());
    assertEquals(envelope, read);
    var replica = SyncBodies.agent(read.body()).agent();
    assertEquals("a-1", replica.getId());
    assertEquals(AgentKind.TASK_AGENT, replica.getKind());
    assertEquals(AgentMode.HYBRID, replica.getMode());
    assertEquals(Set.of("cat-1", "cat-2"), replica.getAllowedCategoryIds());
    assertEquals(NOW, replica.getCreatedAt());

    var longText = "x".repeat(AgentMessage.INLINE_CONTENT_LENGTH + 1);
    var message =
        AgentMessage.builder("m-2", "a-1", "a-1:operator", AgentMessageKind.USER, NOW)
            .prevMessageId("m-1")
            .contentEntryId("p-2")
            .tokensApprox(500)
            .build();
    var body = SyncBodies.message(message, Optional.of(longText));
    var back =
        SyncBodies.message(
            SyncEnvelope.read(new SyncEnvelope("site-a", 5, "message", "m-2", 1, body).write())
                .body());
    assertEquals("m-1", back.message().getPrevMessageId());
    assertEquals("p-2", back.message().getContentEntryId());
    assertEquals(Optional.of(longText), back.payload());
    assertEquals(500, back.message().getTokensApprox());

    var shortOne =
        AgentMessage.builder("m-3", "a-1", "a-1:operator", AgentMessageKind.USER, NOW)
            .content("hello")
            .build();
    var shortBack = SyncBodies.message(SyncBodies.message(shortOne, Optional.of("hello")));
    assertEquals(Optional.of("hello"), shortBack.message().getInlineContent());
    assertTrue(shortBack.payload().isEmpty());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "not json|$ is not JSON",
        "[]|$ must be an object",
        "{\"origin\":\"a b\",\"counter\":1,\"type\":\"agent\",\"id\":\"x\",\"schemaVersion\":1,\"body\":{}}|$.origin must be a host id",
        "{\"origin\":\"a\",\"counter\":0,\"type\":\"agent\",\"id\":\"x\",\"schemaVersion\":1,\"body\":{}}|$.counter must be 1 to",
        "{\"origin\":\"a\",\"counter\":1.5,\"type\":\"agent\",\"id\":\"x\",\"schemaVersion\":1,\"body\":{}}|$.counter must be a whole number",
        "{\"origin\":\"a\",\"counter\":1,\"type\":\"a-b\",\"id\":\"x\",\"schemaVersion\":1,\"body\":{}}|$.type must be a record type name",
        "{\"origin\":\"a\",\"counter\":1,\"type\":\"agent\",\"id\":\"\",\"schemaVersion\":1,\"body\":{}}|$.id must be 1 to",
        "{\"origin\":\"a\",\"counter\":1,\"type\":\"agent\",\"id\":\"x\",\"schemaVersion\":1,\"body\":[]}|$.body must be an object",
        "{\"origin\":\"a\",\"counter\":1,\"type\":\"agent\",\"id\":\"x\",\"schemaVersion\":1,\"body\":{},\"extra\":1}|$.extra is not a field"
      })
  void aBadEnvelopeIsRefusedNamingThePath(String text, String expected) {
    var refused = assertThrows(IllegalArgumentException.class, () -> SyncEnvelope.read(text));
    assertTrue(refused.getMessage().startsWith(expected), refused.getMessage());
  }

  @Test
  void aBadBodyIsRefusedNamingThePath() {
    var body =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("id", "m-1")
            .add("agentId", "a-1")
            .add("threadId", "a-1:operator")
            .add("kind", "shout")
            .add("createdAt", NOW.toString())
            .add("summaryDepth", 0)
            .add("tokensApprox", 1)
            .add("metadata", JsonDocuments.provider().createObjectBuilder())
            .build();
    var refused = assertThrows(IllegalArgumentException.class, () -> SyncBodies.message(body));
    assertTrue(refused.getMessage().startsWith("$.body.kind must be one of"), refused.getMessage());
    var noPayload =
        JsonDocuments.provider()
            .createObjectBuilder(body)
            .add("kind", "user")
            .add("contentEntryId", "p-1")
            .build();
    var missing = assertThrows(IllegalArgumentException.class, () -> SyncBodies.message(noPayload));
    assertTrue(missing.getMessage().startsWith("$.body.text"), missing.getMessage());
  }
}
