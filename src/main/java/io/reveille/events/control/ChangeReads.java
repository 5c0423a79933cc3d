package io.reveille.events.control;

import io.reveille.agent.entity.Agent;
import io.reveille.agent.entity.AgentKind;
import io.reveille.agent.entity.AgentLifecycle;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.tool.entity.ProposalStatus;
import io.reveille.tool.entity.ToolProposal;
import io.reveille.wake.entity.WakeReason;
import io.reveille.wake.entity.WakeRunLogEntry;
import io.reveille.wake.entity.WakeStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The feed's reads: the agents, runs and proposals that changed after an instant, oldest change
 * first, each as a {@link Change} without its place (the feed gives it one), on the indexes of
 * their {@code updated_at}. Only identifiers, names and statuses are read: what any viewer may see.
 */
@ApplicationScoped
@Transactional
public class ChangeReads {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  /** The kinds of change the feed follows. */
  public static final List<String> TYPES = List.of(Change.AGENT, Change.RUN, Change.PROPOSAL);

  /** The changes of {@code type} after {@code after}, oldest first, at most {@code limit}. */
  public List<Change> of(String type, Instant after, int limit) {
    return switch (type) {
      case Change.AGENT -> agents(after, limit);
      case Change.RUN -> runs(after, limit);
      case Change.PROPOSAL -> proposals(after, limit);
      default -> throw new IllegalArgumentException("no change type " + type);
    };
  }

  List<Change> agents(Instant after, int limit) {
    var rows =
        em.createQuery(
                "SELECT a.id, a.version, a.displayName, a.kind, a.lifecycle, a.updatedAt FROM "
                    + Agent.class.getSimpleName()
                    + " a WHERE a.updatedAt > :after ORDER BY a.updatedAt, a.id",
                Object[].class)
            .setParameter("after", after)
            .setMaxResults(limit)
            .getResultList();
    var changes = new ArrayList<Change>();
    for (var row : rows) {
      var id = (String) row[0];
      var at = (Instant) row[5];
      changes.add(
          new Change(
              0,
              at,
              Change.AGENT,
              id + "@" + row[1],
              Optional.of(id),
              JsonDocuments.provider()
                  .createObjectBuilder()
                  .add("id", id)
                  .add("version", (Long) row[1])
                  .add("displayName", (String) row[2])
                  .add("kind", ((AgentKind) row[3]).wire())
                  .add("lifecycle", ((AgentLifecycle) row[4]).wire())
                  .add("updatedAt", at.toString())
                  .build()));
    }
    return changes;
  }

  List<Change> runs(Instant after, int limit) {
    var rows =
        em.createQuery(
                "SELECT w.runKey, w.agentId, w.status, w.reason, w.createdAt, w.updatedAt FROM "
                    + WakeRunLogEntry.class.getSimpleName()
                    + " w WHERE w.updatedAt > :after ORDER BY w.updatedAt, w.runKey",
                Object[].class)
            .setParameter("after", after)
            .setMaxResults(limit)
            .getResultList();
    var changes = new ArrayList<Change>();
    for (var row : rows) {
      var runKey = (String) row[0];
      var agentId = (String) row[1];
      var status = (WakeStatus) row[2];
      var at = (Instant) row[5];
      changes.add(
          new Change(
              0,
              at,
              Change.RUN,
              runKey + "@" + status.wire() + "@" + at.toEpochMilli(),
              Optional.of(agentId),
              JsonDocuments.provider()
                  .createObjectBuilder()
                  .add("runKey", runKey)
                  .add("agentId", agentId)
                  .add("status", status.wire())
                  .add("reason", ((WakeReason) row[3]).wire())
                  .add("createdAt", row[4].toString())
                  .add("updatedAt", at.toString())
                  .build()));
    }
    return changes;
  }

  List<Change> proposals(Instant after, int limit) {
    var rows =
        em.createQuery(
                "SELECT p.id, p.agentId, p.runKey, p.toolName, p.status, p.version, p.updatedAt"
                    + " FROM "
                    + ToolProposal.class.getSimpleName()
                    + " p WHERE p.updatedAt > :after ORDER BY p.updatedAt, p.id",
                Object[].class)
            .setParameter("after", after)
            .setMaxResults(limit)
            .getResultList();
    var changes = new ArrayList<Change>();
    for (var row : rows) {
      var id = (String) row[0];
      var agentId = (String) row[1];
      var at = (Instant) row[6];
      var json =
          JsonDocuments.provider()
              .createObjectBuilder()
              .add("id", id)
              .add("agentId", agentId)
              .add("toolName", (String) row[3])
              .add("status", ((ProposalStatus) row[4]).wire())
              .add("version", (Long) row[5])
              .add("updatedAt", at.toString());
      if (row[2] != null) {
        json.add("runKey", (String) row[2]);
      }
      changes.add(
          new Change(
              0, at, Change.PROPOSAL, id + "@" + row[5], Optional.of(agentId), json.build()));
    }
    return changes;
  }
}
