package io.reveille.wake.control;

import io.reveille.platform.DatabaseKind;
import io.reveille.platform.persistence.TheDatabase;
import io.reveille.wake.entity.AgentMutation;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.hibernate.Session;
import org.hibernate.query.NativeQuery;

/**
 * What each agent's runs changed lately, kept in the database so that every node sees it: the
 * memory behind the second self-notification suppression layer ({@link SelfSuppression}).
 *
 * <p>The tool executor records the entities a run changes in the transaction that changes them, and
 * that transaction also sends the change's notification batch; so by the time any node takes the
 * batch in, the record is committed and visible. Records count for {@code
 * reveille.wake.self-mutation-ttl-seconds} after the change; the wake sweep purges them once no
 * re-check can read them ({@link #purgeExpired}), and all of them go with the agent.
 */
@ApplicationScoped
@Transactional
public class SelfMutations {

  /** Most values in one {@code IN} list: well inside every supported database's limit. */
  private static final int IN_LIST_CHUNK = 500;

  /** Most (agent, entity) pairs looked up by primary key rather than with {@code IN} lists. */
  static final int MAX_KEYS_LOADED = 32;

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject Clock clock;
  @Inject WakeConfig config;
  @Inject TheDatabase database;

  /**
   * Records, in the caller's transaction, that run {@code runKey} of {@code agentId} changed these
   * entities now.
   *
   * @throws IllegalArgumentException for a blank or over-long id (at most {@value
   *     AgentMutation#MAX_ENTITY_ID_LENGTH} characters)
   */
  @Transactional(TxType.MANDATORY)
  public void record(String agentId, String runKey, Collection<String> entityIds) {
    if (config.selfMutationTtl().isZero()) {
      // Suppression is off: nothing would ever read the record.
      return;
    }
    var now = clock.instant();
    var kind = database.kind();
    var upsert = upsert(kind);
    for (var entityId : new LinkedHashSet<>(entityIds)) {
      // Validates the ids and the run key as the entity would, before any statement runs.
      var mutation = new AgentMutation(agentId, entityId, runKey, now);
      // Synchronised with its own table alone: a native statement otherwise makes Hibernate flush
      // every pending write of the transaction before it (the ledger row, the messages, the
      // working state), which the caller's flush writes anyway, so each call paid two flushes.
      var query =
          em.createNativeQuery(upsert)
              .unwrap(NativeQuery.class)
              .addSynchronizedEntityClass(AgentMutation.class);
      var position = 0;
      for (var value : upsertParameters(kind, mutation)) {
        query.setParameter(++position, value);
      }
      query.executeUpdate();
    }
  }

  /**
   * Deletes the records no suppression can read any more, on every node's sweep: older than the
   * suppression window plus the subscription throttle window, the longest a subscription job waits
   * before its re-check ({@link #changedAround}) looks back one window from its creation.
   *
   * @return how many records went
   */
  public int purgeExpired() {
    var cutoff =
        clock.instant().minus(config.selfMutationTtl()).minus(config.subscriptionThrottle());
    return em.createNamedQuery("AgentMutation.deleteOlderThan")
        .setParameter("cutoff", cutoff)
        .executeUpdate();
  }

  /**
   * One statement that inserts the (agent, entity) record or refreshes it: its run key, its time
   * (only ever forward, as {@link AgentMutation#touch} moves it) and its version. The agent's state
   * lock, which every caller holds, keeps two writers of one agent's records apart.
   */
  static String upsert(DatabaseKind kind) {
    return switch (kind) {
      case POSTGRESQL ->
          "INSERT INTO agent_mutations (agent_id, entity_id, version, run_key, mutated_at)"
              + " VALUES (?, ?, 0, ?, ?) ON CONFLICT (agent_id, entity_id) DO UPDATE"
              + " SET run_key = EXCLUDED.run_key,"
              + " mutated_at = GREATEST(agent_mutations.mutated_at, EXCLUDED.mutated_at),"
              + " version = agent_mutations.version + 1";
      case DERBY ->
          "MERGE INTO agent_mutations m USING SYSIBM.SYSDUMMY1"
              + " ON m.agent_id = ? AND m.entity_id = ?"
              + " WHEN MATCHED THEN UPDATE SET run_key = ?,"
              + " mutated_at = CASE WHEN m.mutated_at < ? THEN ? ELSE m.mutated_at END,"
              + " version = m.version + 1"
              + " WHEN NOT MATCHED THEN INSERT (agent_id, entity_id, version, run_key, mutated_at)"
              + " VALUES (?, ?, 0, ?, ?)";
    };
  }

  static List<Object> upsertParameters(DatabaseKind kind, AgentMutation mutation) {
    var agent = mutation.getAgentId();
    var entity = mutation.getEntityId();
    var run = mutation.getRunKey();
    var at = mutation.getMutatedAt();
    return switch (kind) {
      case POSTGRESQL -> List.of(agent, entity, run, at);
      case DERBY -> List.of(agent, entity, run, at, at, agent, entity, run, at);
    };
  }

  /**
   * The entities among {@code entityIds} that each of {@code agentIds} changed within the
   * suppression window; agents without such changes are absent.
   */
  public Map<String, Set<String>> recent(
      Collection<String> agentIds, Collection<String> entityIds) {
    return changedSince(agentIds, entityIds, clock.instant().minus(config.selfMutationTtl()));
  }

  /**
   * The entities among {@code entityIds} that {@code agentId} changed at or after {@code since}, or
   * within the suppression window before it.
   */
  public Set<String> changedAround(String agentId, Collection<String> entityIds, Instant since) {
    return changedSince(List.of(agentId), entityIds, since.minus(config.selfMutationTtl()))
        .getOrDefault(agentId, Set.of());
  }

  private Map<String, Set<String>> changedSince(
      Collection<String> agentIds, Collection<String> entityIds, Instant since) {
    if (config.selfMutationTtl().isZero() || agentIds.isEmpty() || entityIds.isEmpty()) {
      return Map.of();
    }
    var result = new HashMap<String, Set<String>>();
    for (var agents : chunks(agentIds)) {
      for (var entities : chunks(entityIds)) {
        for (var row : findRecent(agents, entities, since)) {
          result.computeIfAbsent(row.getAgentId(), a -> new HashSet<>()).add(row.getEntityId());
        }
      }
    }
    return result;
  }

  /**
   * The mutations of {@code agents} on {@code entities} at or after {@code since}. A few pairs (the
   * usual case: one agent, a batch's few entities) are loaded by primary key in one statement whose
   * plan the JPA provider keeps; more, with one query of two {@code IN} lists, which the provider
   * translates anew on every execution (it does not cache the plan of a query with a list-valued
   * parameter).
   */
  private List<AgentMutation> findRecent(
      List<String> agents, List<String> entities, Instant since) {
    if ((long) agents.size() * entities.size() > MAX_KEYS_LOADED) {
      return em.createNamedQuery("AgentMutation.findRecent", AgentMutation.class)
          .setParameter("agentIds", agents)
          .setParameter("entityIds", entities)
          .setParameter("since", since)
          .getResultList();
    }
    var keys = new ArrayList<AgentMutation.Key>(agents.size() * entities.size());
    for (var agent : agents) {
      for (var entity : entities) {
        keys.add(new AgentMutation.Key(agent, entity));
      }
    }
    return em.unwrap(Session.class).byMultipleIds(AgentMutation.class).multiLoad(keys).stream()
        .filter(Objects::nonNull)
        .filter(mutation -> !mutation.getMutatedAt().isBefore(since))
        .toList();
  }

  private static List<List<String>> chunks(Collection<String> values) {
    var distinct = new ArrayList<>(new LinkedHashSet<>(values));
    var chunks = new ArrayList<List<String>>();
    for (var from = 0; from < distinct.size(); from += IN_LIST_CHUNK) {
      chunks.add(distinct.subList(from, Math.min(distinct.size(), from + IN_LIST_CHUNK)));
    }
    return chunks;
  }
}
