package io.reveille.wake.control;

import io.reveille.wake.entity.WakeReason;
import io.reveille.wake.entity.WakeRunLogEntry;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.List;

/** Test-only access to the run log inside the server: writes the state a crash leaves behind. */
@ApplicationScoped
@Transactional
public class RunLogFixture {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @jakarta.inject.Inject io.reveille.platform.NodeIdentity node;

  /**
   * {@code count} finished runs of the agent, one a second from {@code from}: every third failed,
   * the rest completed; manual wakes, except every fifth a timer wake. Returns their keys, oldest
   * first.
   */
  public List<String> insertFinishedRuns(String agentId, int count, Instant from) {
    var keys = new java.util.ArrayList<String>();
    for (var i = 0; i < count; i++) {
      var at = from.plusSeconds(i);
      var runKey = agentId + ":planted:" + i;
      var entry =
          new WakeRunLogEntry(
              runKey,
              agentId,
              i % 5 == 0 ? WakeReason.TIMER : WakeReason.MANUAL,
              null,
              RunKeys.threadId(agentId, runKey),
              List.of(),
              null,
              at);
      entry.start(at);
      if (i % 3 == 0) {
        entry.fail(at, "planted failure");
      } else {
        entry.complete(at);
      }
      em.persist(entry);
      keys.add(runKey);
    }
    return keys;
  }

  /** A run that began (its begin transaction committed) and then the server died. */
  public String insertStartedRun(String agentId, String runKey) {
    return insertStartedRun(agentId, runKey, null, Instant.now());
  }

  /** A started run owned by {@code owner} ({@code <nodeId>/<bootId>}), started at {@code at}. */
  public String insertStartedRun(String agentId, String runKey, String owner, Instant at) {
    var entry = manual(agentId, runKey, List.of("crash-token"));
    entry.start(at);
    if (owner != null) {
      entry.claim(owner);
    }
    em.persist(entry);
    return runKey;
  }

  /**
   * Puts a completed run back to {@code started}, as if the server had died after the workflow's
   * steps committed and before the completing transaction did (owned by an earlier boot of this
   * node, which is how the restarted server finds it).
   */
  public void uncomplete(String runKey) {
    var updated =
        em.createNativeQuery(
                "UPDATE wake_run_log SET status = 'started', completed_at = NULL, run_owner = ?2,"
                    + " version = version + 1 WHERE run_key = ?1 AND status = 'completed'")
            .setParameter(1, runKey)
            .setParameter(2, node.nodeId() + "/a-boot-that-crashed")
            .executeUpdate();
    if (updated != 1) {
      throw new IllegalStateException("run " + runKey + " is not completed");
    }
  }

  public WakeRunLogEntry find(String runKey) {
    return em.find(WakeRunLogEntry.class, runKey);
  }

  /**
   * A manual wake of the agent, queued with no job on the wake queue (as the sweeper would find it
   * had the job been lost): nothing runs it until a test does, on its own thread.
   */
  public String insertQueuedRun(String agentId) {
    var runKey = RunKeys.manual(agentId, "request:" + java.util.UUID.randomUUID());
    em.persist(manual(agentId, runKey, List.of()));
    return runKey;
  }

  /** A manual wake of the agent under {@code runKey}, created now, queued. */
  private static WakeRunLogEntry manual(String agentId, String runKey, List<String> tokens) {
    return new WakeRunLogEntry(
        runKey,
        agentId,
        WakeReason.MANUAL,
        null,
        RunKeys.threadId(agentId, runKey),
        tokens,
        null,
        Instant.now());
  }
}
