package io.reveille.journal.control;

import static io.reveille.platform.entity.Guards.required;

import io.reveille.journal.control.JournalNotifications.ChecklistChange;
import io.reveille.journal.entity.Checklist;
import io.reveille.journal.entity.ChecklistItem;
import io.reveille.journal.entity.Task;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.error.NotFoundException;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * A task's named checklists and their items, several at a time.
 *
 * <p>Every bulk call checks all of its input before it changes anything, so a refused call changes
 * nothing, and announces what it changed as one notification batch naming every checklist, item and
 * task involved. Items keep one order per task ({@code position}); a checklist lists its items in
 * that order, and moved or added items go to the end. Only open tasks change (a closed task refuses
 * edits as in {@link Task#requireOpenForEdits}).
 *
 * <p>Transactions and optimistic concurrency as in {@link JournalService}.
 */
@ApplicationScoped
@Transactional
public class ChecklistService {

  /**
   * The most items one call creates, changes or moves: a notification batch names them all and must
   * stay well within the configured limits.
   */
  public static final int MAX_ITEMS_PER_CALL = 200;

  /** A checklist with its items in order, as {@link #createChecklist} made them. */
  public record ChecklistWithItems(Checklist checklist, List<ChecklistItem> items) {
    public ChecklistWithItems {
      Objects.requireNonNull(checklist, "checklist");
      items = List.copyOf(items);
    }
  }

  /**
   * A change of one checklist item within {@link #updateChecklistItems}: an empty field stays as it
   * is; an expected version, when given, must be the item's current one.
   */
  public record ItemUpdate(
      String itemId,
      OptionalLong expectedVersion,
      Optional<String> title,
      Optional<Boolean> checked) {
    public ItemUpdate {
      Objects.requireNonNull(expectedVersion, "expectedVersion");
      Objects.requireNonNull(title, "title");
      Objects.requireNonNull(checked, "checked");
    }

    /** A change without a version check. */
    public ItemUpdate(String itemId, Optional<String> title, Optional<Boolean> checked) {
      this(itemId, OptionalLong.empty(), title, checked);
    }
  }

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject Clock clock;

  @Inject JournalNotifications notifications;

  // ---- reads
  // -------------------------------------------------------------------------------------

  /** The task's checklists in order. */
  public List<Checklist> checklists(String taskId) {
    task(taskId);
    return em.createNamedQuery("Checklist.byTask", Checklist.class)
        .setParameter("taskId", taskId)
        .getResultList();
  }

  /**
   * The checklist with this id.
   *
   * @throws NotFoundException when there is none
   */
  public Checklist checklist(String checklistId) {
    return findChecklist(checklistId)
        .orElseThrow(() -> new NotFoundException("checklist", checklistId));
  }

  /** The checklist's items in order. */
  public List<ChecklistItem> checklistItems(String checklistId) {
    checklist(checklistId);
    return em.createNamedQuery("ChecklistItem.byChecklist", ChecklistItem.class)
        .setParameter("checklistId", checklistId)
        .getResultList();
  }

  /**
   * The checklist item with this id.
   *
   * @throws NotFoundException when there is none
   */
  public ChecklistItem item(String itemId) {
    return Optional.ofNullable(itemId)
        .map(id -> em.find(ChecklistItem.class, id))
        .orElseThrow(() -> new NotFoundException("checklist item", itemId));
  }

  /**
   * The category of the checklist's task, empty when the task has none: what an agent's category
   * scope is checked against.
   *
   * @throws NotFoundException when there is no such checklist
   */
  public Optional<String> categoryOfChecklist(String checklistId) {
    return Optional.ofNullable(task(checklist(checklistId).getTaskId()).getCategoryId());
  }

  // ---- checklists
  // --------------------------------------------------------------------------------

  /**
   * A new checklist at the end of the task's checklists, with its items (none is fine) in the order
   * given, unchecked.
   *
   * @throws InvalidInputException on {@code title} or {@code items[i]}
   */
  public ChecklistWithItems createChecklist(
      String taskId, String title, List<String> itemTitles, ChangeOrigin origin) {
    var task = task(taskId);
    Checklist.checkedTitle(title);
    var titles = ItemTitles.checkedTitles(itemTitles, "items", true);
    task.requireOpenForEdits("add a checklist");
    var now = clock.instant();
    var checklist = ChecklistRows.newChecklist(em, task, title, now);
    var items = ChecklistRows.appendItems(em, checklist, task, titles, false, now);
    em.flush();
    notifications.checklistsChanged(
        new ChecklistChange(List.of(checklist), items, List.of(task), Set.of()), origin);
    return new ChecklistWithItems(checklist, items);
  }

  /** Retitles a checklist of an open task. */
  public Checklist renameChecklist(
      String checklistId, OptionalLong expectedVersion, String title, ChangeOrigin origin) {
    var checklist = checklist(checklistId);
    JournalLookups.requireVersion(
        "checklist", checklistId, checklist.getVersion(), expectedVersion);
    var task = task(checklist.getTaskId());
    var now = clock.instant();
    if (Checklist.checkedTitle(title).equals(checklist.getTitle())) {
      return checklist;
    }
    task.requireOpenForEdits("rename its checklists");
    checklist.retitle(title, now);
    em.flush();
    notifications.checklistsChanged(
        new ChecklistChange(List.of(checklist), List.of(), List.of(task), Set.of()), origin);
    return checklist;
  }

  // ---- items
  // -------------------------------------------------------------------------------------

  public List<ChecklistItem> addChecklistItems(
      String taskId, Optional<String> checklistId, List<String> titles, ChangeOrigin origin) {
    return addChecklistItems(taskId, checklistId, titles, false, origin);
  }

  /**
   * Appends items, in the order given, to checklist {@code checklistId} of the task or, without
   * one, to the task's first checklist, creating a default one ({@value Checklist#DEFAULT_TITLE})
   * when the task has none.
   *
   * @throws InvalidInputException on {@code checklistId} for a checklist that is not the task's, on
   *     {@code titles} or {@code titles[i]} for bad titles
   */
  public List<ChecklistItem> addChecklistItems(
      String taskId,
      Optional<String> checklistId,
      List<String> titles,
      boolean checked,
      ChangeOrigin origin) {
    required("checklistId", checklistId);
    var task = task(taskId);
    var checkedTitles = ItemTitles.checkedTitles(titles, "titles", false);
    var target =
        checklistId.map(
            id ->
                findChecklist(id)
                    .filter(found -> found.getTaskId().equals(taskId))
                    .orElseThrow(
                        () ->
                            new InvalidInputException(
                                "checklistId",
                                "task " + taskId + " has no checklist '" + id + "'")));
    task.requireOpenForEdits("add checklist items");
    var now = clock.instant();
    var checklist =
        target.orElseGet(
            () ->
                em
                    .createNamedQuery("Checklist.byTask", Checklist.class)
                    .setParameter("taskId", taskId)
                    .setMaxResults(1)
                    .getResultList()
                    .stream()
                    .findFirst()
                    .orElseGet(
                        () -> ChecklistRows.newChecklist(em, task, Checklist.DEFAULT_TITLE, now)));
    var items = ChecklistRows.appendItems(em, checklist, task, checkedTitles, checked, now);
    em.flush();
    var checkedIds = new HashSet<String>();
    if (checked) {
      items.forEach(item -> checkedIds.add(item.getId()));
    }
    notifications.checklistsChanged(
        new ChecklistChange(List.of(checklist), items, List.of(task), checkedIds), origin);
    return items;
  }

  /**
   * Retitles, checks or unchecks one item of one task, as a REST client edits it: the same write
   * path, and so the same notification batch (naming the item, its checklist and its task), as
   * {@link #updateChecklistItems}.
   *
   * @throws NotFoundException when the task has no such item
   * @throws InvalidInputException on {@code title}
   */
  public ChecklistItem updateChecklistItem(
      String taskId,
      String itemId,
      OptionalLong expectedVersion,
      Optional<String> title,
      Optional<Boolean> checked,
      ChangeOrigin origin) {
    var task = task(taskId);
    var item =
        Optional.ofNullable(itemId)
            .map(id -> em.find(ChecklistItem.class, id))
            .filter(found -> found.getTaskId().equals(taskId))
            .orElseThrow(() -> new NotFoundException("checklist item of task " + taskId, itemId));
    JournalLookups.requireVersion("checklist item", itemId, item.getVersion(), expectedVersion);
    task.requireOpenForEdits("change its checklist");
    title.ifPresent(t -> ItemTitles.checkedTitle(t, "title"));
    return apply(
            List.of(new ItemUpdate(itemId, expectedVersion, title, checked)),
            List.of(item),
            Map.of(taskId, task),
            origin)
        .get(0);
  }

  /**
   * Retitles, checks or unchecks several items, of one task or several, all or none.
   *
   * @return the items in the order of {@code updates}, changed or not
   * @throws InvalidInputException on {@code updates}, {@code updates[i].itemId} or {@code
   *     updates[i].title}
   */
  public List<ChecklistItem> updateChecklistItems(List<ItemUpdate> updates, ChangeOrigin origin) {
    required("updates", updates);
    if (updates.isEmpty() || updates.size() > MAX_ITEMS_PER_CALL) {
      throw new InvalidInputException(
          "updates", "give 1 to " + MAX_ITEMS_PER_CALL + " item changes");
    }
    var items = new ArrayList<ChecklistItem>();
    var tasks = new LinkedHashMap<String, Task>();
    var seen = new HashSet<String>();
    for (int i = 0; i < updates.size(); i++) {
      var update = required("updates[" + i + "]", updates.get(i));
      var field = "updates[" + i + "]";
      if (!seen.add(String.valueOf(update.itemId()))) {
        throw new InvalidInputException(
            field + ".itemId", "item '" + update.itemId() + "' is named twice");
      }
      if (update.title().isEmpty() && update.checked().isEmpty()) {
        throw new InvalidInputException(field, "nothing to change: give title or checked");
      }
      var item =
          Optional.ofNullable(update.itemId())
              .map(id -> em.find(ChecklistItem.class, id))
              .orElseThrow(
                  () ->
                      new InvalidInputException(
                          field + ".itemId", "no checklist item '" + update.itemId() + "'"));
      JournalLookups.requireVersion(
          "checklist item", item.getId(), item.getVersion(), update.expectedVersion());
      update.title().ifPresent(title -> ItemTitles.checkedTitle(title, field + ".title"));
      tasks.computeIfAbsent(item.getTaskId(), this::task);
      items.add(item);
    }
    return apply(updates, items, tasks, origin);
  }

  /**
   * Applies checked updates to their items (same order), changing only what differs, and publishes
   * one batch for what changed.
   */
  private List<ChecklistItem> apply(
      List<ItemUpdate> updates,
      List<ChecklistItem> items,
      Map<String, Task> tasks,
      ChangeOrigin origin) {
    var now = clock.instant();
    var changed = new ArrayList<ChecklistItem>();
    var checkedIds = new HashSet<String>();
    for (int i = 0; i < updates.size(); i++) {
      var update = updates.get(i);
      var item = items.get(i);
      var retitled = update.title().filter(t -> !t.strip().equals(item.getTitle())).isPresent();
      var rechecked = update.checked().filter(c -> c != item.isChecked()).isPresent();
      if (!retitled && !rechecked) {
        continue;
      }
      tasks.get(item.getTaskId()).requireOpenForEdits("change its checklist");
      if (retitled) {
        item.retitle(update.title().get(), now);
      }
      if (rechecked) {
        item.check(update.checked().get(), now);
        checkedIds.add(item.getId());
      }
      changed.add(item);
    }
    if (!changed.isEmpty()) {
      em.flush();
      var checklists = checklistsOf(changed);
      var changedTasks =
          changed.stream().map(ChecklistItem::getTaskId).distinct().map(tasks::get).toList();
      notifications.checklistsChanged(
          new ChecklistChange(checklists, changed, changedTasks, checkedIds), origin);
    }
    return items;
  }

  /**
   * Moves items from one checklist to another, possibly of another task; they keep their relative
   * order and go to the end of the destination task's item order. {@code preserveCheckedState =
   * false} unchecks them. Both tasks must be open.
   *
   * @return the moved items in their new order
   * @throws NotFoundException when {@code fromChecklistId} names no checklist
   * @throws InvalidInputException on {@code itemIds} for an item that is not on {@code
   *     fromChecklistId}, on {@code toChecklistId} for an unknown checklist or the same one
   */
  public List<ChecklistItem> moveChecklistItems(
      List<String> itemIds,
      String fromChecklistId,
      String toChecklistId,
      boolean preserveCheckedState,
      ChangeOrigin origin) {
    requireItemIds(itemIds);
    var from = checklist(fromChecklistId);
    required("toChecklistId", toChecklistId);
    if (toChecklistId.equals(fromChecklistId)) {
      throw new InvalidInputException("toChecklistId", "is the checklist the items are on already");
    }
    var to =
        findChecklist(toChecklistId)
            .orElseThrow(
                () ->
                    new InvalidInputException(
                        "toChecklistId", "no checklist '" + toChecklistId + "'"));
    var items = new ArrayList<ChecklistItem>();
    for (var itemId : itemIds) {
      var item =
          Optional.ofNullable(itemId)
              .map(id -> em.find(ChecklistItem.class, id))
              .filter(found -> found.getChecklistId().equals(fromChecklistId))
              .orElseThrow(
                  () ->
                      new InvalidInputException(
                          "itemIds",
                          "checklist " + fromChecklistId + " has no item '" + itemId + "'"));
      items.add(item);
    }
    var fromTask = task(from.getTaskId());
    var toTask = task(to.getTaskId());
    fromTask.requireOpenForEdits("move items off its checklists");
    toTask.requireOpenForEdits("move items onto its checklists");
    // Moved in their current order, so that they keep it at the destination.
    items.sort((a, b) -> Integer.compare(a.getPosition(), b.getPosition()));
    var now = clock.instant();
    var next = ChecklistRows.nextPosition(em, toTask.getId());
    var checkedIds = new HashSet<String>();
    for (var item : items) {
      item.moveTo(to.getId(), toTask.getId(), next++, now);
      if (!preserveCheckedState && item.check(false, now)) {
        checkedIds.add(item.getId());
      }
    }
    em.flush();
    var tasks = fromTask == toTask ? List.of(fromTask) : List.of(fromTask, toTask);
    notifications.checklistsChanged(
        new ChecklistChange(List.of(from, to), items, tasks, checkedIds), origin);
    return items;
  }

  /** One migrated item: the archived original and its copy on the target task. */
  public record Migrated(ChecklistItem original, ChecklistItem copy) {}

  /**
   * The items {@link #migrateChecklistItems} would migrate to {@code targetTaskId}, in their order,
   * refusing what it would refuse; nothing changes (a preview asks this).
   *
   * @throws InvalidInputException on {@code itemIds} for an unknown item or items of several tasks,
   *     on {@code targetTaskId} for the task the items are on
   * @throws io.reveille.platform.error.ConflictException for a task that is not open, or an item
   *     that is checked or migrated already
   */
  public List<ChecklistItem> migratable(List<String> itemIds, String targetTaskId) {
    requireItemIds(itemIds);
    var items = new ArrayList<ChecklistItem>();
    for (var itemId : itemIds) {
      items.add(
          Optional.ofNullable(itemId)
              .map(id -> em.find(ChecklistItem.class, id))
              .orElseThrow(
                  () ->
                      new InvalidInputException("itemIds", "no checklist item '" + itemId + "'")));
    }
    var sourceId = items.get(0).getTaskId();
    if (items.stream().anyMatch(item -> !item.getTaskId().equals(sourceId))) {
      throw new InvalidInputException("itemIds", "the items are of more than one task");
    }
    if (sourceId.equals(targetTaskId)) {
      throw new InvalidInputException("targetTaskId", "is the task the items are on");
    }
    task(sourceId).requireOpenForEdits("migrate items off its checklists");
    task(targetTaskId).requireOpenForEdits("take migrated items onto its checklists");
    items.forEach(ChecklistItem::requireMigratable);
    items.sort((a, b) -> Integer.compare(a.getPosition(), b.getPosition()));
    return items;
  }

  /**
   * Migrates open items of one task to task {@code targetTaskId}: each is copied, unchecked and in
   * its current order, to the end of the target's first checklist (a default one is made when it
   * has none), and the original stays on its checklist archived, naming its copy. Refuses what
   * {@link #migratable} refuses.
   */
  public List<Migrated> migrateChecklistItems(
      List<String> itemIds, String targetTaskId, ChangeOrigin origin) {
    var items = migratable(itemIds, targetTaskId);
    var target = task(targetTaskId);
    var source = task(items.get(0).getTaskId());
    var now = clock.instant();
    var checklist =
        em
            .createNamedQuery("Checklist.byTask", Checklist.class)
            .setParameter("taskId", targetTaskId)
            .setMaxResults(1)
            .getResultList()
            .stream()
            .findFirst()
            .orElseGet(() -> ChecklistRows.newChecklist(em, target, Checklist.DEFAULT_TITLE, now));
    var copies =
        ChecklistRows.appendItems(
            em,
            checklist,
            target,
            items.stream().map(ChecklistItem::getTitle).toList(),
            false,
            now);
    var migrated = new ArrayList<Migrated>();
    for (var i = 0; i < items.size(); i++) {
      items.get(i).archive(copies.get(i).getId(), now);
      migrated.add(new Migrated(items.get(i), copies.get(i)));
    }
    em.flush();
    var changed = new ArrayList<ChecklistItem>(items);
    changed.addAll(copies);
    notifications.checklistsChanged(
        new ChecklistChange(
            java.util.stream.Stream.concat(
                    checklistsOf(items).stream(), java.util.stream.Stream.of(checklist))
                .distinct()
                .toList(),
            changed,
            List.of(source, target),
            Set.of()),
        origin);
    return migrated;
  }

  // ---- helpers
  // -----------------------------------------------------------------------------------

  /** One call names 1 to {@value #MAX_ITEMS_PER_CALL} items, each once. */
  private static void requireItemIds(List<String> itemIds) {
    required("itemIds", itemIds);
    if (itemIds.isEmpty() || itemIds.size() > MAX_ITEMS_PER_CALL) {
      throw new InvalidInputException("itemIds", "give 1 to " + MAX_ITEMS_PER_CALL + " item ids");
    }
    if (new HashSet<>(itemIds).size() != itemIds.size()) {
      throw new InvalidInputException("itemIds", "an item is named twice");
    }
  }

  private List<Checklist> checklistsOf(List<ChecklistItem> items) {
    return items.stream()
        .map(ChecklistItem::getChecklistId)
        .distinct()
        .map(this::checklist)
        .toList();
  }

  private Optional<Checklist> findChecklist(String checklistId) {
    return checklistId == null
        ? Optional.empty()
        : Optional.ofNullable(em.find(Checklist.class, checklistId));
  }

  private Task task(String taskId) {
    return Optional.ofNullable(taskId)
        .map(id -> em.find(Task.class, id))
        .orElseThrow(() -> new NotFoundException("task", taskId));
  }
}
