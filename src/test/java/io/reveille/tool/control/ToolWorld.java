package io.reveille.tool.control;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.agent.entity.AgentConfig;
import io.reveille.agent.entity.AgentKind;
import io.reveille.agent.entity.AgentLifecycle;
import io.reveille.agent.entity.AgentMode;
import io.reveille.agent.entity.AgentSlots;
import io.reveille.alertness.control.SubscriptionService;
import io.reveille.alertness.control.SubscriptionService.NewSubscription;
import io.reveille.journal.control.ChangeOrigin;
import io.reveille.journal.control.ChecklistService;
import io.reveille.journal.control.DayPlanService;
import io.reveille.journal.control.JournalService;
import io.reveille.journal.control.JournalService.NewTask;
import io.reveille.journal.control.LabelService;
import io.reveille.journal.control.RatingService;
import io.reveille.journal.control.TimeEntryService;
import io.reveille.journal.entity.ChecklistItem;
import io.reveille.journal.entity.TaskPriority;
import jakarta.enterprise.context.Dependent;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Test-only, inside the server: a small journal with one category in an agent's scope ({@code A})
 * and one outside it ({@code B}), built fresh for each tool scenario, and the table snapshots that
 * show whether a call changed anything. Dependent-scoped: a normal-scoped bean may not expose its
 * services as public fields.
 */
@Dependent
public class ToolWorld {

  /** The journal tables a tool may change; each has a version column. */
  static final List<String> TABLES =
      List.of(
          "journal_categories",
          "journal_labels",
          "journal_tasks",
          "journal_checklists",
          "journal_checklist_items",
          "journal_time_entries",
          "journal_day_plans",
          "journal_day_plan_blocks",
          "journal_ratings");

  /** Journal tables without a version column (immutable association rows). */
  static final List<String> ASSOCIATIONS = List.of("journal_task_labels", "journal_day_plan_pins");

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject AgentService agents;
  @Inject SubscriptionService subscriptions;
  @Inject public JournalService journal;
  @Inject public LabelService labels;
  @Inject public ChecklistService checklists;
  @Inject public TimeEntryService timeEntries;
  @Inject public DayPlanService dayPlans;
  @Inject public RatingService ratings;
  @Inject public io.reveille.template.control.TemplateAgents templateAgents;
  @Inject public io.reveille.journal.control.ProjectService projects;
  @Inject public io.reveille.journal.control.TaskLinkService links;
  @Inject public io.reveille.journal.control.AttentionRequestService attention;

  /** One world: ids of what was created, and which of them are out of the agent's scope. */
  public static final class World {
    /** The services, to build more of the world in a scenario. */
    public final ToolWorld services;

    /** A date no other world uses, for day plans (one plan per date). */
    public final java.time.LocalDate planDate;

    public final String agentId;
    public final String categoryA;
    public final String categoryB;
    public final String taskA;
    public final String taskA2;
    public final String taskB;
    public final String itemA;
    public final String itemB;
    final List<String> foreign = new ArrayList<>();

    World(
        ToolWorld services,
        java.time.LocalDate planDate,
        String agentId,
        String categoryA,
        String categoryB,
        String taskA,
        String taskA2,
        String taskB,
        String itemA,
        String itemB) {
      this.services = services;
      this.planDate = planDate;
      this.agentId = agentId;
      this.categoryA = categoryA;
      this.categoryB = categoryB;
      this.taskA = taskA;
      this.taskA2 = taskA2;
      this.taskB = taskB;
      this.itemA = itemA;
      this.itemB = itemB;
      foreign.addAll(List.of(categoryB, taskB, itemB));
    }

    /** Marks an id as belonging to the foreign category: no read may return it. */
    public World foreign(String id) {
      foreign.add(id);
      return this;
    }

    public List<String> foreignIds() {
      return List.copyOf(foreign);
    }
  }

  /** An item appended to the task's first checklist, created when the task has none. */
  private ChecklistItem item(String taskId, String title, boolean checked) {
    return checklists
        .addChecklistItems(taskId, Optional.empty(), List.of(title), checked, ChangeOrigin.NONE)
        .get(0);
  }

  public World create() {
    var suffix = UUID.randomUUID().toString().substring(0, 8);
    var a = journal.createCategory("tools-A-" + suffix, ChangeOrigin.NONE).getId();
    var b = journal.createCategory("tools-B-" + suffix, ChangeOrigin.NONE).getId();
    var taskA =
        journal
            .createTask(task("Write the migration guide " + suffix, a), ChangeOrigin.NONE)
            .getId();
    var taskA2 =
        journal.createTask(task("Review release notes " + suffix, a), ChangeOrigin.NONE).getId();
    var taskB =
        journal.createTask(task("Foreign planning " + suffix, b), ChangeOrigin.NONE).getId();
    var itemA = item(taskA, "Draft outline", false).getId();
    item(taskA, "Collect feedback", true);
    var itemB = item(taskB, "Foreign item", false).getId();
    var agent =
        agents
            .create(
                new NewAgent(
                    AgentKind.CUSTOM,
                    "tool-world-" + suffix,
                    AgentMode.AUTONOMOUS,
                    AgentLifecycle.ACTIVE,
                    Set.of(a),
                    AgentConfig.empty(),
                    AgentSlots.empty()))
            .agent()
            .getId();
    var planDate =
        java.time.LocalDate.of(2040, 1, 1)
            .plusDays(java.util.concurrent.ThreadLocalRandom.current().nextInt(0, 300_000));
    return new World(this, planDate, agent, a, b, taskA, taskA2, taskB, itemA, itemB);
  }

  /**
   * Subscribes a listener (a custom agent of its own) to the world's category A: its tasks (and the
   * checklists and items whose batches carry their task) and the world's own entities. Reveille
   * publishes only batches that would wake someone, so a test that counts the batches of the
   * world's changes needs one.
   */
  public World listened(World world) {
    var listener = agents.create(NewAgent.custom("tool-world-listener")).agent().getId();
    subscriptions.create(
        listener,
        new NewSubscription(
            List.of("TASK"), List.of(), List.of(), "categoryId == \"" + world.categoryA + "\""));
    subscriptions.create(
        listener,
        new NewSubscription(
            List.of(),
            List.of(),
            List.of(world.categoryA, world.taskA, world.taskA2, world.itemA),
            null));
    return world;
  }

  private static NewTask task(String title, String categoryId) {
    return new NewTask(
        title,
        Optional.empty(),
        Optional.of(categoryId),
        Optional.empty(),
        Optional.of(TaskPriority.P2),
        Optional.of(30),
        Optional.empty());
  }

  /** Row count and version sum of every journal table: equal snapshots mean nothing changed. */
  @Transactional
  public Map<String, String> snapshot() {
    var snapshot = new LinkedHashMap<String, String>();
    for (var table : TABLES) {
      var row =
          (Object[])
              em.createNativeQuery("SELECT COUNT(*), SUM(version) FROM " + table).getSingleResult();
      snapshot.put(table, row[0] + "/" + row[1]);
    }
    for (var table : ASSOCIATIONS) {
      snapshot.put(
          table,
          String.valueOf(em.createNativeQuery("SELECT COUNT(*) FROM " + table).getSingleResult()));
    }
    return snapshot;
  }

  /**
   * How many journal batches the agent's tool calls caused (recorded once consumed). Those carry
   * the agent and its run key as their origin; the agent-domain batches announcing the messages of
   * its log ({@code AGENT_MESSAGE}) name the agent without a run key and are not counted.
   */
  @Transactional
  public long batchesBy(String agentId) {
    return em.createQuery(
            "SELECT COUNT(r) FROM NotificationBatchRecord r WHERE r.originAgentId = :agentId"
                + " AND r.document LIKE :runKey",
            Long.class)
        .setParameter("agentId", agentId)
        .setParameter("runKey", "%\"originRunKey\"%")
        .getSingleResult();
  }

  /** The ledger row of the agent's call under {@code operationId}: status and attempts. */
  @Transactional
  public Optional<String> ledger(String agentId, String operationId) {
    var call =
        em.find(
            io.reveille.tool.entity.ToolCall.class, OperationIds.ledgerKey(agentId, operationId));
    return Optional.ofNullable(call).map(c -> c.getStatus().wire());
  }

  /** The messages with a tool_effect link to the entity. */
  @Transactional
  public List<String> toolEffectLinksTo(String entityId) {
    return em.createQuery(
            "SELECT l.fromId FROM AgentLink l WHERE l.toId = :to AND l.type = :type", String.class)
        .setParameter("to", entityId)
        .setParameter("type", io.reveille.agent.entity.AgentLinkType.TOOL_EFFECT)
        .getResultList();
  }

  /** Kinds of the agent's messages, oldest first. */
  @Transactional
  public List<String> messageKinds(String agentId) {
    return em
        .createQuery(
            "SELECT m.kind FROM AgentMessage m WHERE m.agentId = :agentId ORDER BY m.createdAt",
            io.reveille.memory.entity.AgentMessageKind.class)
        .setParameter("agentId", agentId)
        .getResultList()
        .stream()
        .map(kind -> kind.wire())
        .toList();
  }
}
