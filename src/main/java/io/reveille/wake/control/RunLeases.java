package io.reveille.wake.control;

import io.reveille.platform.NodeIdentity;
import io.reveille.wake.entity.WakeRunLogEntry;
import io.reveille.wake.entity.WakeStatus;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.FlushModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.time.Clock;
import java.time.Instant;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Who is executing a started run, and for how long that holds: the run's owner ({@code
 * <node-id>/<boot id>}) and its lease ({@code reveille.wake.run-lease-seconds}, from the run's
 * start or its owner's last heartbeat). Single flight per agent rests on it: begin holds a run back
 * while another run of its agent {@link #isLive is live}, and the sweeper takes up runs whose lease
 * ran out.
 *
 * <p>The liveness questions run in the caller's transaction ({@code MANDATORY}, as when they were
 * part of begin); the heartbeat is a transaction of its own, and the sweeper's reads need none.
 */
@ApplicationScoped
@Transactional(TxType.MANDATORY)
class RunLeases {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject WakeConfig config;
  @Inject NodeIdentity node;
  @Inject RunsInFlight inFlight;
  @Inject Clock clock;
  @Resource TransactionSynchronizationRegistry transactions;

  /**
   * The started runs of some agents, read once in this transaction under their state locks ({@link
   * #readStartedRuns}), kept as the transaction's resource under this key.
   */
  private record StartedRuns(Set<String> agentIds, Map<String, List<WakeRunLogEntry>> byAgent) {}

  private static final Object STARTED_RUNS = StartedRuns.class;

  /**
   * Whether a started run is being executed: by a thread of this JVM, or on another node within its
   * lease. A run this node's previous boot left behind is not (recovery runs it again), nor one of
   * this boot that no thread holds any more.
   */
  public boolean isLive(WakeRunLogEntry run, Instant now) {
    var owner = run.getOwner();
    if (owner == null) {
      return false;
    }
    if (node.isThisBoot(owner)) {
      return inFlight.contains(run.getRunKey());
    }
    return !node.isThisNode(owner) && withinLease(run, now);
  }

  /** Whether the run's owner started it or renewed its lease less than a lease ago. */
  public boolean withinLease(WakeRunLogEntry run, Instant now) {
    var leaseStart = run.getLeaseStart();
    return leaseStart != null && leaseStart.isAfter(now.minus(config.runLease()));
  }

  /**
   * A started run of the agent other than {@code entry} that is being executed. The run log is not
   * read again for an agent whose started runs this transaction read already ({@link
   * #readStartedRuns}).
   */
  public Optional<WakeRunLogEntry> otherRunInProgress(WakeRunLogEntry entry, Instant now) {
    var known = transactions == null ? null : (StartedRuns) transactions.getResource(STARTED_RUNS);
    var started =
        known != null && known.agentIds().contains(entry.getAgentId())
            ? known.byAgent().getOrDefault(entry.getAgentId(), List.of())
            : em.createNamedQuery("WakeRunLogEntry.findByAgentAndStatus", WakeRunLogEntry.class)
                .setParameter("agentId", entry.getAgentId())
                .setParameter("status", WakeStatus.STARTED)
                // Without flushing first: this transaction starts no run of the agent before this
                // one (one wake an agent a batch; a self-contained run completes before the next is
                // admitted), and a flush would write a run just scheduled here as queued, only for
                // its completion to update it.
                .setFlushMode(FlushModeType.COMMIT)
                .getResultList();
    return started.stream()
        .filter(other -> !other.getRunKey().equals(entry.getRunKey()))
        .filter(other -> isLive(other, now))
        .findFirst();
  }

  /**
   * Reads the started runs of {@code agentIds} in one statement, for {@link #otherRunInProgress} to
   * answer from for the rest of this transaction (a timer batch asks it once a slice instead of
   * once a firing). The caller holds the agents' state locks until it commits: a run starts only
   * under its agent's lock, so no other transaction starts one of theirs meanwhile, and the runs
   * this transaction starts itself are self-contained ones that it completes before the next is
   * admitted. A lease renewed meanwhile by its owner's heartbeat is not seen, as it would not be a
   * moment after any read.
   */
  public void readStartedRuns(Collection<String> agentIds) {
    if (agentIds.isEmpty() || transactions == null) {
      return;
    }
    var byAgent = new HashMap<String, List<WakeRunLogEntry>>();
    em.createNamedQuery("WakeRunLogEntry.findByAgentsAndStatus", WakeRunLogEntry.class)
        .setParameter("agentIds", agentIds)
        .setParameter("status", WakeStatus.STARTED)
        .setFlushMode(FlushModeType.COMMIT)
        .getResultList()
        .forEach(
            run ->
                byAgent
                    .computeIfAbsent(run.getAgentId(), id -> new java.util.ArrayList<>())
                    .add(run));
    transactions.putResource(STARTED_RUNS, new StartedRuns(Set.copyOf(agentIds), byAgent));
  }

  /**
   * Renews the lease of runs this JVM is executing and owns (a thread about to find another node's
   * run live holds its key too, and must not renew that run): a bulk update of their heartbeat,
   * outside the entities' version check (a lease mark, which no entity write carries back),
   * committed at once.
   */
  @Transactional(TxType.REQUIRES_NEW)
  public void heartbeat(Collection<String> runKeys) {
    if (runKeys.isEmpty()) {
      return;
    }
    em.createNamedQuery("WakeRunLogEntry.heartbeat")
        .setParameter("now", clock.instant())
        .setParameter("runKeys", runKeys)
        .setParameter("owner", node.owner())
        .executeUpdate();
  }

  /**
   * Started runs whose lease ran out (no start or heartbeat since {@code cutoff}), oldest first.
   */
  @Transactional(TxType.SUPPORTS)
  public List<WakeRunLogEntry> startedBefore(Instant cutoff, int max) {
    return em.createNamedQuery("WakeRunLogEntry.findStartedBefore", WakeRunLogEntry.class)
        .setParameter("cutoff", cutoff)
        .setMaxResults(max)
        .getResultList();
  }

  /** Queued jobs created and due before {@code cutoff}, oldest first: the sweeper's other look. */
  @Transactional(TxType.SUPPORTS)
  public List<WakeRunLogEntry> queuedBefore(Instant cutoff, int max) {
    return em.createNamedQuery("WakeRunLogEntry.findQueuedDueBefore", WakeRunLogEntry.class)
        .setParameter("cutoff", cutoff)
        .setMaxResults(max)
        .getResultList();
  }
}
