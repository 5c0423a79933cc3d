package io.reveille.sync.control;

import static org.awaitility.Awaitility.await;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.memory.control.MemoryService;
import io.reveille.memory.control.MemoryService.NewMessage;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.memory.entity.AgentMessageMetadata;
import io.reveille.sync.entity.SyncRecord;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.UserTransaction;
import java.time.Duration;
import java.util.List;
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

  private static final int HISTORY = 10_000;
  private static final int PER_TRANSACTION = 1_000;
  private static final String TEXT = "A line of the agent's log, as long as most. ".repeat(4);

  @Inject AgentService agents;
  @Inject MemoryService memory;
  @Inject UserTransaction transaction;

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Test
  void afterTenThousandMessagesOneMoreSendsOneRecordOfItsOwnSize() throws Exception {
    var agentId = agents.create(NewAgent.custom("Long log " + UUID.randomUUID())).agent().getId();
    for (var written = 0; written < HISTORY; written += PER_TRANSACTION) {
      transaction.begin();
      for (var i = 0; i < PER_TRANSACTION; i++) {
        memory.appendUnflushed(agentId, message(TEXT));
      }
      transaction.commit();
    }
    assertEquals(HISTORY, records(agentId).size() - 1, "one record a message, one the agent's");

    var last = memory.append(agentId, message(TEXT + " And one more."));
    var records = records(agentId);
    assertEquals(HISTORY + 2, records.size());
    var added = records.stream().filter(r -> r.getRecordId().equals(last.getId())).toList();
    assertEquals(1, added.size(), "one record for one message");
    var first = records.stream().filter(r -> r.getRecordType().equals("message")).findFirst();
    var size = added.get(0).getDocument().length();
    assertTrue(
        size < TEXT.length() + 1_000,
        "the record is the message, not the log: " + size + " characters");
    assertTrue(
        Math.abs(size - first.orElseThrow().getDocument().length()) < 100,
        "as large as the first message's record: " + size);

    // And it is sent: numbered, handed to the broker.
    await().atMost(Duration.ofSeconds(120)).until(() -> sent(last.getId()).isPresent());
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

  private List<SyncRecord> records(String agentId) {
    return em.createQuery(
            "SELECT r FROM SyncRecord r WHERE r.originHost = 'site-it' AND (r.recordId = :agent"
                + " OR r.recordId IN (SELECT m.id FROM AgentMessage m WHERE m.agentId = :agent))"
                + " ORDER BY r.loggedAt, r.id",
            SyncRecord.class)
        .setParameter("agent", agentId)
        .getResultList();
  }

  private Optional<SyncRecord> sent(String recordId) {
    em.clear();
    return em
        .createQuery(
            "SELECT r FROM SyncRecord r WHERE r.recordId = :id AND r.sentAt IS NOT NULL",
            SyncRecord.class)
        .setParameter("id", recordId)
        .getResultList()
        .stream()
        .findFirst();
  }
}
