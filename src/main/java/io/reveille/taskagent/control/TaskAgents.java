package io.reveille.taskagent.control;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.AgentView;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.agent.entity.Agent;
import io.reveille.agent.entity.AgentConfig;
import io.reveille.agent.entity.AgentKind;
import io.reveille.agent.entity.AgentLifecycle;
import io.reveille.agent.entity.AgentMode;
import io.reveille.agent.entity.AgentSlots;
import io.reveille.alertness.control.SubscriptionService;
import io.reveille.alertness.control.SubscriptionService.NewSubscription;
import io.reveille.alertness.entity.AgentSubscription;
import io.reveille.journal.control.JournalService;
import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.error.NotFoundException;
import io.reveille.taskagent.entity.TaskAgentLink;
import io.reveille.wake.control.WakeScheduler;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.PersistenceException;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Creates and finds task agents (seed 003 §5.1): one per task, scoped to the task's category, with
 * {@code slots.activeTaskId} and an entity-id subscription on the task, its checklists and their
 * items (rebuilt by the agent's wakes when those links change). Creation also queues the agent's
 * first wake, which writes its first report.
 */
@ApplicationScoped
@Transactional
public class TaskAgents {

  /** The most entity ids the agent follows (the subscription's limit per token class). */
  static final int MAX_FOLLOWED_IDS = NewSubscription.MAX_TOKENS_PER_CLASS;

  static final String FIRST_WAKE_KEY = "task-agent-created";

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject AgentService agents;
  @Inject JournalService journal;
  @Inject SubscriptionService subscriptions;
  @Inject TaskContextReader reader;
  @Inject WakeScheduler scheduler;
  @Inject Clock clock;

  /** How the caller wants the agent: all optional. */
  public record Options(Optional<String> displayName, AgentMode mode, AgentConfig config) {
    public Options {
      Objects.requireNonNull(displayName, "displayName");
      Objects.requireNonNull(mode, "mode");
      Objects.requireNonNull(config, "config");
    }

    public static Options defaults() {
      return new Options(Optional.empty(), AgentMode.AUTONOMOUS, AgentConfig.empty());
    }
  }

  /**
   * Creates the task's agent.
   *
   * @throws NotFoundException when the task does not exist
   * @throws InvalidInputException when the task has no category (the agent's scope)
   * @throws ConflictException when the task has an agent already (also when a concurrent request
   *     created it first)
   */
  public AgentView create(String taskId, Options options) {
    var task = journal.task(taskId);
    if (task.getCategoryId() == null) {
      throw new InvalidInputException(
          "taskId",
          "task " + taskId + " has no category; a task agent is scoped to its task's category");
    }
    var existing = em.find(TaskAgentLink.class, taskId);
    if (existing != null) {
      throw alreadyHas(taskId, existing.getAgentId());
    }
    var name =
        options
            .displayName()
            .orElseGet(
                () -> shorten("Task agent: " + task.getTitle(), Agent.MAX_DISPLAY_NAME_LENGTH));
    var view =
        agents.create(
            new NewAgent(
                AgentKind.TASK_AGENT,
                name,
                options.mode(),
                AgentLifecycle.ACTIVE,
                Set.of(task.getCategoryId()),
                options.config(),
                AgentSlots.empty().withActiveTaskId(taskId)));
    var agentId = view.agent().getId();
    try {
      em.persist(new TaskAgentLink(taskId, agentId, clock.instant()));
      em.flush();
    } catch (PersistenceException e) {
      // The primary key: a concurrent request created the task's agent first.
      throw new ConflictException(
          "task " + taskId + " already has a task agent (created concurrently)");
    }
    var context = reader.read(taskId).orElseThrow(() -> new NotFoundException("task", taskId));
    subscriptions.create(agentId, following(context.followedIds(MAX_FOLLOWED_IDS)));
    scheduler.scheduleManual(agentId, Optional.of(FIRST_WAKE_KEY));
    return view;
  }

  /** The task's agent. */
  public AgentView get(String taskId) {
    return agents.view(agentIdOf(taskId));
  }

  public String agentIdOf(String taskId) {
    return Optional.ofNullable(em.find(TaskAgentLink.class, taskId))
        .map(TaskAgentLink::getAgentId)
        .orElseThrow(() -> new NotFoundException("task agent of task", taskId));
  }

  /**
   * Makes the agent's entity-id subscription follow exactly {@code ids}: when the task's checklists
   * or items changed, the old subscription is replaced. Returns whether it changed.
   */
  public boolean follow(String agentId, List<String> ids) {
    var wanted = new HashSet<>(ids);
    var current =
        subscriptions.list(agentId).stream()
            .filter(AgentSubscription::isActive)
            .filter(s -> s.getSemanticKeys().isEmpty() && s.getPredicate() == null)
            .toList();
    if (current.size() == 1 && current.get(0).getEntityIds().equals(wanted)) {
      return false;
    }
    // The agent's state row before the index generation, the order creating a subscription takes
    // them in (and a change of the agent, reading the generation under its state lock).
    agents.stateForUpdate(agentId);
    for (var subscription : current) {
      subscriptions.delete(agentId, subscription.getId(), OptionalLong.empty());
    }
    subscriptions.create(agentId, following(ids));
    return true;
  }

  private static NewSubscription following(List<String> ids) {
    return new NewSubscription(List.of(), List.of(), ids, null);
  }

  private static ConflictException alreadyHas(String taskId, String agentId) {
    return new ConflictException("task " + taskId + " already has task agent " + agentId);
  }

  private static String shorten(String text, int max) {
    return text.length() <= max ? text : text.substring(0, max - 1) + "…";
  }
}
