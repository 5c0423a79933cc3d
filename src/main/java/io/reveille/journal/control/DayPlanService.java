package io.reveille.journal.control;

import io.reveille.journal.entity.DayPlan;
import io.reveille.journal.entity.DayPlanBlock;
import io.reveille.journal.entity.DayPlanPin;
import io.reveille.journal.entity.Task;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.error.NotFoundException;
import io.reveille.platform.wire.LowerCaseWire;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Day plans: one per date, its time blocks and its pinned tasks.
 *
 * <p>Same contract as {@link JournalService}: one transaction per public method, exactly one
 * notification batch per call that changes something (creating the plan, its blocks and its pins in
 * one call is one batch) and none otherwise, an overload with a {@link ChangeOrigin} for agents'
 * tool calls. A block change is validated as a whole over the plan's final state (no overlaps,
 * every reference valid; {@link BlockChangeRules}) before anything is applied, so a refused request
 * changes nothing. Every change moves the plan's version.
 *
 * <p>The plan date has no time zone, blocks are instants: a block must start on the plan's date in
 * some time zone (UTC-12 to UTC+14), which catches a wrong day without knowing the user's zone.
 */
@ApplicationScoped
@Transactional
public class DayPlanService {

  /** At most this many blocks on one plan (and so in one batch). */
  static final int MAX_BLOCKS = 200;

  /** At most this many pinned tasks on one plan. */
  static final int MAX_PINS = 200;

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject Clock clock;

  @Inject JournalNotifications notifications;

  /** A plan as read: the plan, its blocks by start time and its pinned task ids in order. */
  public record PlanView(DayPlan plan, List<DayPlanBlock> blocks, List<String> pinnedTaskIds) {}

  /** The plan and whether this call created it. */
  public record PlanResult(PlanView view, boolean created) {}

  /** A block to create (no id) or to change (its id, which must be on the plan). */
  public record BlockUpsert(
      Optional<String> id,
      String categoryId,
      Instant startTime,
      Instant endTime,
      Optional<String> taskId,
      Optional<String> note) {
    public BlockUpsert {
      Objects.requireNonNull(id, "id");
      Objects.requireNonNull(taskId, "taskId");
      Objects.requireNonNull(note, "note");
    }
  }

  /** The outcome of a block change. */
  public record BlockChanges(
      PlanView view,
      boolean planCreated,
      List<String> createdIds,
      List<String> updatedIds,
      List<String> deletedIds) {
    public boolean changed() {
      return planCreated || !createdIds.isEmpty() || !updatedIds.isEmpty() || !deletedIds.isEmpty();
    }
  }

  /** How {@link #pinTasks} combines the given tasks with the pinned ones. */
  public enum PinMode implements LowerCaseWire {
    /** Append those not pinned yet. */
    ADD,
    /** Pin exactly these, in this order. */
    REPLACE,
    /** Unpin these (tasks not pinned are ignored). */
    REMOVE;

    /** The constant name, which earlier releases accepted in any case. */
    @Override
    public Set<String> legacy() {
      return Set.of(name());
    }
  }

  public Optional<PlanView> dayPlan(LocalDate date) {
    return plan(date).map(this::view);
  }

  /** The date's plan, created (and announced) when there is none. */
  public PlanResult getOrCreateDayPlan(LocalDate date, ChangeOrigin origin) {
    var existing = plan(date);
    if (existing.isPresent()) {
      return new PlanResult(view(existing.get()), false);
    }
    var plan = create(date);
    notifications.dayPlanChanged(plan, List.of(), List.of(), List.of(), List.of(), origin);
    return new PlanResult(new PlanView(plan, List.of(), List.of()), true);
  }

  /**
   * Creates, changes and deletes blocks of the date's plan (created if missing) in one step.
   *
   * @throws InvalidInputException naming the field ({@code upserts[2].categoryId}, {@code
   *     deletes[0]}) for a bad or unknown reference or span
   * @throws io.reveille.platform.error.ConflictException naming the blocks when the result would
   *     overlap; nothing is applied then
   */
  public BlockChanges upsertBlocks(
      LocalDate date, List<BlockUpsert> upserts, List<String> deleteIds, ChangeOrigin origin) {
    requireDate(date);
    Objects.requireNonNull(upserts, "upserts");
    Objects.requireNonNull(deleteIds, "deleteIds");
    var existingPlan = plan(date);
    var current = new LinkedHashMap<String, DayPlanBlock>();
    existingPlan.ifPresent(p -> blocks(p.getId()).forEach(b -> current.put(b.getId(), b)));
    // Validate everything against the final state first; apply only then.
    BlockChangeRules.validate(em, date, current, upserts, deleteIds);

    var now = clock.instant();
    var plan = existingPlan.orElseGet(() -> create(date));
    var created = new ArrayList<String>();
    var updated = new ArrayList<String>();
    var changedBlocks = new ArrayList<DayPlanBlock>();
    var deletedBlocks = new ArrayList<DayPlanBlock>();
    for (var id : deleteIds) {
      var block = current.get(id);
      em.remove(block);
      deletedBlocks.add(block);
    }
    for (var upsert : upserts) {
      if (upsert.id().isPresent()) {
        var block = current.get(upsert.id().get());
        if (block.revise(
            upsert.categoryId(),
            upsert.taskId().orElse(null),
            upsert.startTime(),
            upsert.endTime(),
            upsert.note().orElse(null),
            now)) {
          updated.add(block.getId());
          changedBlocks.add(block);
        }
      } else {
        var block =
            new DayPlanBlock(
                UUID.randomUUID().toString(),
                plan.getId(),
                upsert.categoryId(),
                upsert.taskId().orElse(null),
                upsert.startTime(),
                upsert.endTime(),
                upsert.note().orElse(null),
                now);
        em.persist(block);
        created.add(block.getId());
        changedBlocks.add(block);
      }
    }
    var deleted = deletedBlocks.stream().map(DayPlanBlock::getId).toList();
    var result = new BlockChanges(null, existingPlan.isEmpty(), created, updated, deleted);
    if (result.changed()) {
      plan.touch(now);
      em.flush();
      var view = view(plan);
      notifications.dayPlanChanged(
          plan, changedBlocks, deletedBlocks, view.pinnedTaskIds(), List.of(), origin);
      return new BlockChanges(view, result.planCreated(), created, updated, deleted);
    }
    return new BlockChanges(view(plan), false, created, updated, deleted);
  }

  /**
   * Checks a block change exactly as {@link #upsertBlocks} would, without changing anything: the
   * dry run behind an agent's preview, so that a preview is refused whenever the change would be.
   *
   * @throws InvalidInputException as {@link #upsertBlocks}
   * @throws io.reveille.platform.error.ConflictException as {@link #upsertBlocks}
   */
  public void checkBlockChanges(LocalDate date, List<BlockUpsert> upserts, List<String> deleteIds) {
    requireDate(date);
    Objects.requireNonNull(upserts, "upserts");
    Objects.requireNonNull(deleteIds, "deleteIds");
    var current = new LinkedHashMap<String, DayPlanBlock>();
    plan(date).ifPresent(p -> blocks(p.getId()).forEach(b -> current.put(b.getId(), b)));
    BlockChangeRules.validate(em, date, current, upserts, deleteIds);
  }

  /**
   * Deletes one block of the date's plan.
   *
   * @throws NotFoundException when the plan or the block is not there
   */
  public BlockChanges deleteBlock(LocalDate date, String blockId, ChangeOrigin origin) {
    block(date, blockId);
    return upsertBlocks(date, List.of(), List.of(blockId), origin);
  }

  /**
   * Moves blocks of the date's plan by {@code offset} (replanning: "push everything after lunch by
   * 30 minutes"), validated like {@link #upsertBlocks}.
   *
   * @throws NotFoundException when the date has no plan
   */
  public BlockChanges shiftBlocks(
      LocalDate date, List<String> blockIds, Duration offset, ChangeOrigin origin) {
    requireDate(date);
    if (offset == null) {
      throw new InvalidInputException("offset", "is required");
    }
    var plan = plan(date).orElseThrow(() -> new NotFoundException("day plan", date.toString()));
    var current = new LinkedHashMap<String, DayPlanBlock>();
    blocks(plan.getId()).forEach(b -> current.put(b.getId(), b));
    var upserts = new ArrayList<BlockUpsert>();
    var seen = new HashSet<String>();
    for (int i = 0; i < blockIds.size(); i++) {
      var id = blockIds.get(i);
      var block = current.get(id);
      if (block == null) {
        throw new InvalidInputException(
            "blockIds[" + i + "]", "no block '" + id + "' on the plan of " + date);
      }
      if (!seen.add(id)) {
        throw new InvalidInputException(
            "blockIds[" + i + "]", "block '" + id + "' is listed twice");
      }
      upserts.add(
          new BlockUpsert(
              Optional.of(id),
              block.getCategoryId(),
              block.getStartTime().plus(offset),
              block.getEndTime().plus(offset),
              Optional.ofNullable(block.getTaskId()),
              Optional.ofNullable(block.getNote())));
    }
    return upsertBlocks(date, upserts, List.of(), origin);
  }

  /**
   * One block of the date's plan.
   *
   * @throws NotFoundException when the plan or the block is not there
   */
  public DayPlanBlock block(LocalDate date, String blockId) {
    var plan =
        plan(date).orElseThrow(() -> new NotFoundException("day plan", String.valueOf(date)));
    return Optional.ofNullable(blockId)
        .map(id -> em.find(DayPlanBlock.class, id))
        .filter(b -> b.getPlanId().equals(plan.getId()))
        .orElseThrow(() -> new NotFoundException("block of the plan of " + date, blockId));
  }

  /** The block with this id, on whichever plan, if there is one. */
  public Optional<DayPlanBlock> findBlock(String blockId) {
    return Optional.ofNullable(em.find(DayPlanBlock.class, blockId));
  }

  /** A block by its id alone. */
  public DayPlanBlock block(String blockId) {
    return Optional.ofNullable(blockId)
        .map(id -> em.find(DayPlanBlock.class, id))
        .orElseThrow(() -> new NotFoundException("day plan block", blockId));
  }

  /** The plan's blocks by start time. */
  public List<DayPlanBlock> blocks(String planId) {
    return em.createNamedQuery("DayPlanBlock.byPlan", DayPlanBlock.class)
        .setParameter("planId", planId)
        .getResultList();
  }

  /**
   * Pins tasks to the date's plan (created if missing). A pinned task must have a category: a pin
   * is shown in its task's category.
   *
   * @throws NotFoundException when pins are to be removed from a date without a plan
   */
  public PlanView pinTasks(
      LocalDate date, List<String> taskIds, PinMode mode, ChangeOrigin origin) {
    requireDate(date);
    Objects.requireNonNull(taskIds, "taskIds");
    if (mode == null) {
      throw new InvalidInputException("mode", "is required: add, replace or remove");
    }
    var tasks = new LinkedHashMap<String, Task>();
    for (int i = 0; i < taskIds.size(); i++) {
      var field = "taskIds[" + i + "]";
      var task = JournalLookups.task(em, field, taskIds.get(i));
      if (tasks.put(task.getId(), task) != null) {
        throw new InvalidInputException(field, "task '" + task.getId() + "' is listed twice");
      }
      if (mode != PinMode.REMOVE && task.getCategoryId() == null) {
        throw new InvalidInputException(
            field, "task '" + task.getId() + "' has no category; a pinned task needs one");
      }
    }
    var existingPlan = plan(date);
    if (existingPlan.isEmpty() && mode == PinMode.REMOVE) {
      throw new NotFoundException("day plan", date.toString());
    }
    var before =
        existingPlan.map(p -> pins(p.getId())).orElse(List.of()).stream()
            .map(DayPlanPin::getTaskId)
            .toList();
    var after = new ArrayList<String>();
    switch (mode) {
      case ADD -> {
        after.addAll(before);
        tasks.keySet().stream().filter(id -> !before.contains(id)).forEach(after::add);
      }
      case REPLACE -> after.addAll(tasks.keySet());
      case REMOVE -> before.stream().filter(id -> !tasks.containsKey(id)).forEach(after::add);
    }
    if (after.size() > MAX_PINS) {
      throw new InvalidInputException("taskIds", "a day plan pins at most " + MAX_PINS + " tasks");
    }
    var planCreated = existingPlan.isEmpty();
    var plan = existingPlan.orElseGet(() -> create(date));
    if (!planCreated && after.equals(before)) {
      return view(plan);
    }
    if (!after.equals(before)) {
      // Pins are immutable rows: rewrite them (delete flushed before the inserts reuse keys).
      pins(plan.getId()).forEach(em::remove);
      em.flush();
      for (int i = 0; i < after.size(); i++) {
        em.persist(new DayPlanPin(plan.getId(), after.get(i), i));
      }
      plan.touch(clock.instant());
    }
    em.flush();
    var changedPins = new ArrayList<Task>();
    for (var id : tasks.keySet()) {
      if (before.contains(id) != after.contains(id)) {
        changedPins.add(tasks.get(id));
      }
    }
    var view = view(plan);
    notifications.dayPlanChanged(plan, List.of(), List.of(), after, changedPins, origin);
    return view;
  }

  private List<DayPlanPin> pins(String planId) {
    return em.createNamedQuery("DayPlanPin.byPlan", DayPlanPin.class)
        .setParameter("planId", planId)
        .getResultList();
  }

  private Optional<DayPlan> plan(LocalDate date) {
    requireDate(date);
    return em
        .createNamedQuery("DayPlan.byDate", DayPlan.class)
        .setParameter("date", date)
        .getResultList()
        .stream()
        .findFirst();
  }

  private DayPlan create(LocalDate date) {
    var plan = new DayPlan(UUID.randomUUID().toString(), date, clock.instant());
    em.persist(plan);
    em.flush();
    return plan;
  }

  private PlanView view(DayPlan plan) {
    return new PlanView(
        plan,
        blocks(plan.getId()),
        pins(plan.getId()).stream().map(DayPlanPin::getTaskId).toList());
  }

  private static void requireDate(LocalDate date) {
    if (date == null) {
      throw new InvalidInputException("planDate", "is required");
    }
  }
}
