package io.reveille.memory.control;

import jakarta.enterprise.context.ApplicationScoped;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The threads whose conversation grew since the compaction worker last looked, kept in memory so
 * that a turn never waits on compaction: the turn only notes its thread, and the worker plans.
 * Node-local and bounded; a thread forgotten (a restart, a full set) is noted again by its next
 * turn.
 */
@ApplicationScoped
public class CompactionCandidates {

  static final int MAX = 10_000;

  /** A thread of an agent. */
  public record Thread(String agentId, String threadId) {}

  private final Set<Thread> touched = ConcurrentHashMap.newKeySet();

  public void touched(String agentId, String threadId) {
    if (touched.size() < MAX) {
      touched.add(new Thread(agentId, threadId));
    }
  }

  /** At most {@code max} of the noted threads, forgotten here. */
  public List<Thread> drain(int max) {
    var taken = new ArrayList<Thread>();
    for (var thread : touched) {
      if (taken.size() == max) {
        break;
      }
      if (touched.remove(thread)) {
        taken.add(thread);
      }
    }
    return taken;
  }
}
