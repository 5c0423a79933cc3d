package io.reveille.sync.control;

import io.reveille.agent.control.AgentCreated;
import io.reveille.memory.control.MessageWritten;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.sync.entity.SyncRecord;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import java.time.Clock;
import java.util.UUID;

/**
 * Writes this site's sync records: one row of the sequence log for every shared record changed
 * here, in the transaction of the change (an observer of the owners' events, called in it), so the
 * record exists exactly when the change commits. Not numbered yet: the sender numbers rows as it
 * sends them ({@link SyncSender}). A site without a host id writes nothing.
 */
@ApplicationScoped
public class SyncLog {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject SyncConfig config;
  @Inject Clock clock;

  void onAgentCreated(@Observes AgentCreated created) {
    if (config.enabled()) {
      record(
          SyncRecordType.AGENT,
          created.agent().getId(),
          SyncBodies.agent(created.agent(), created.state()));
    }
  }

  void onMessageWritten(@Observes MessageWritten written) {
    if (config.enabled()) {
      record(
          SyncRecordType.MESSAGE,
          written.message().getId(),
          SyncBodies.message(written.message(), written.text()));
    }
  }

  private void record(SyncRecordType type, String recordId, JsonObject body) {
    em.persist(
        SyncRecord.own(
            UUID.randomUUID().toString(),
            config.hostId().orElseThrow(),
            type.wire(),
            recordId,
            SyncDocuments.SCHEMA_VERSION,
            JsonDocuments.write(body),
            clock.instant()));
  }
}
