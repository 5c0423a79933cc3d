package io.reveille.agent.control;

import java.util.Collection;
import java.util.Map;

/**
 * How many runs each agent has in the run log, for the activity an agent's response shows.
 *
 * <p>The agent feature owns this question but not the run log, which the wake keeps and the runs
 * read model ({@code io.reveille.run}) reads; that read model answers it. Asking through this port
 * keeps the agent feature below everything that depends on agents, so the features form no cycle.
 */
public interface RunCounts {

  /**
   * How many runs each of these agents has in the run log (finished ones leave it after their
   * retention); an agent with none is absent from the map.
   */
  Map<String, Long> runCounts(Collection<String> agentIds);
}
