package io.reveille.agent.control;

import io.reveille.agent.entity.AgentRunStatus;
import java.util.Collection;
import java.util.Map;
import java.util.Optional;

/**
 * How many runs each agent has in the run log, for the activity an agent's response shows.
 *
 * <p>The agent feature owns this question but not the run log, which the wake keeps and the runs
 * read model ({@code io.reveille.run}) reads; that read model answers it. Asking through this port
 * keeps the agent feature below everything that depends on agents, so the features form no cycle.
 */
public interface RunCounts {

  /** The error code of a wake refused to a chain of agent runs too deep or coming back. */
  String CHAIN_BROKEN = "chain_broken";

  /**
   * How many runs each of these agents has in the run log (finished ones leave it after their
   * retention), and how many of them were wakes refused to a chain of agents; an agent with none is
   * absent from the map.
   */
  Map<String, Tally> runCounts(Collection<String> agentIds);

  /**
   * What the agent is doing now, from its runs in the run log: its started run ({@code running}),
   * else its run waiting for a person ({@code waiting}), else its next queued run ({@code queued});
   * empty when it has none (idle). Single flight keeps at most one started run an agent.
   */
  Optional<ActiveRun> activeRun(String agentId);

  /**
   * The run an agent is busy with.
   *
   * @param status running, waiting or queued (never idle)
   * @param reason why the run was woken, by its wire name ({@code subscription}, {@code
   *     userInitiated}, …)
   * @param waitingFor what a waiting run waits for, by its code ({@code awaiting_answer}, {@code
   *     awaiting_approval}, a budget's code, …); null unless waiting
   * @param question the question a run waiting for an answer asked (the title of a plan it
   *     proposed); null unless it waits for one
   */
  record ActiveRun(
      AgentRunStatus status, String runKey, String reason, String waitingFor, String question) {}

  /** An agent's runs in the run log, and those of them refused to a chain. */
  record Tally(long runs, long chainBreaks) {

    public static final Tally NONE = new Tally(0, 0);
  }
}
