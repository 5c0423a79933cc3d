package io.reveille.sync.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.memory.control.MemoryService;
import io.reveille.memory.control.MemoryService.NewMessage;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.memory.entity.AgentMessageMetadata;
import jakarta.inject.Inject;
import jakarta.transaction.UserTransaction;
import java.util.Optional;
import java.util.UUID;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * What a site sends is proportional to what changed, not to what it holds: after an agent's log has
 * 10,000 messages, one more message is one sync record, its size that of the message, and it is
 * sent. On the test server, which is a site of a multi-site deployment ({@code site-it}).
 */
@ExtendWith(ArquillianExtension.class)
class SyncPayloadIT {

  private static final String SITE = "site-it";
  private static final int HISTORY = 10_000;
  private static final int PER_TRANSACTION = 1_000;
  private static final String TEXT = "A line of the agent's log, as long as most. ".repeat(4);

  @Inject AgentService agents;
  @Inject MemoryService memory;
  @Inject UserTransaction transaction;

  @Inject SyncRecordsFixture fixture;

  @Test
  void afterTenThousandMessagesOneMoreSendsOneRecordOfItsOwnSize() throws Exception {
    var agentId = agents.create(NewAgent.custom("Long log " + UUID.randomUUID())).agent().getId();
    String firstId = null;
    for (var written = 0; written < HISTORY; written += PER_TRANSACTION) {
      transaction.begin();
      for (var i = 0; i < PER_TRANSACTION; i++) {
        var appended = memory.appendUnflushed(agentId, message(TEXT));
        firstId = firstId == null ? appended.getId() : firstId;
      }
      transaction.commit();
    }
    assertEquals(HISTORY, fixture.messagesOf(SITE, agentId), "one record a message");
    assertEquals(1, fixture.of(SITE, agentId).size(), "and one the agent's");

    var last = memory.append(agentId, message(TEXT + " And one more."));
    assertEquals(HISTORY + 1, fixture.messagesOf(SITE, agentId), "one record more, no other");
    var added = fixture.of(SITE, last.getId());
    assertEquals(1, added.size(), "one record for one message");
    var size = added.get(0).getDocument().length();
    assertTrue(
        size < TEXT.length() + 1_000,
        "the record is the message, not the log: " + size + " characters");
    var first = fixture.of(SITE, firstId).get(0).getDocument().length();
    assertTrue(
        Math.abs(size - first) < 100,
        "as large as the first message's record (" + first + "): " + size);
  }

  private static NewMessage message(String text) {
    return new NewMessage(
        "sync-payload",
        AgentMessageKind.OBSERVATION,
        Optional.empty(),
        Optional.of(text),
        text.length() / 4,
        AgentMessageMetadata.empty());
  }
}
