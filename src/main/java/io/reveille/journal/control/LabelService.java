package io.reveille.journal.control;

import static io.reveille.platform.entity.Guards.required;

import io.reveille.journal.entity.Label;
import io.reveille.journal.entity.Task;
import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.error.NotFoundException;
import io.reveille.platform.persistence.Window;
import io.reveille.platform.persistence.Window.Page;
import io.reveille.platform.wire.LowerCaseWire;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;

/**
 * Labels of a category and the labels on a task.
 *
 * <p>The rule this class keeps: a task carries only labels of its own category, so that an agent
 * scoped to a category never sees, or changes, another category's labels through a task. Filing a
 * task under another category drops its labels ({@link JournalService#updateTask}).
 *
 * <p>Transactions, notifications and optimistic concurrency as in {@link JournalService}: one
 * transaction and at most one notification batch per call, none when nothing changed.
 */
@ApplicationScoped
@Transactional
public class LabelService {

  /** How a call to {@link #assignTaskLabels} treats the labels the task has already. */
  public enum LabelAssignment implements LowerCaseWire {
    /** The given labels become the task's labels. */
    REPLACE,
    /** The given labels are added to the task's labels. */
    ADD,
    /** The given labels are taken off the task. */
    REMOVE;

    /** The constant name, which earlier releases accepted in any case. */
    @Override
    public Set<String> legacy() {
      return Set.of(name());
    }
  }

  /** A partial update of a label; for the colour an inner empty {@code Optional} clears it. */
  public record LabelChanges(Optional<String> name, Optional<Optional<String>> color) {
    public LabelChanges {
      Objects.requireNonNull(name, "name");
      Objects.requireNonNull(color, "color");
    }

    public boolean isEmpty() {
      return name.isEmpty() && color.isEmpty();
    }
  }

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject Clock clock;

  @Inject JournalNotifications notifications;

  /**
   * A new label of category {@code categoryId}; its name must be new in the category.
   *
   * @throws InvalidInputException on {@code categoryId} for an unknown category, on {@code name} or
   *     {@code color} for bad values
   * @throws ConflictException when the category has a label of that name
   */
  public Label createLabel(
      String categoryId, String name, Optional<String> color, ChangeOrigin origin) {
    var label =
        new Label(
            UUID.randomUUID().toString(), categoryId, name, color.orElse(null), clock.instant());
    JournalLookups.category(em, "categoryId", label.getCategoryId());
    requireFreeName(label.getCategoryId(), label.getName());
    em.persist(label);
    em.flush();
    notifications.labelChanged(label, false, List.of(), origin);
    return label;
  }

  /** A page of the labels by category and name, optionally those of one category only. */
  public Page<Label> labels(Optional<String> categoryId, Window window) {
    return window.read(
        categoryId
            .map(
                id ->
                    em.createNamedQuery("Label.byCategory", Label.class)
                        .setParameter("categoryId", id))
            .orElseGet(() -> em.createNamedQuery("Label.all", Label.class)));
  }

  /**
   * The label with this id.
   *
   * @throws NotFoundException when there is none
   */
  public Label label(String labelId) {
    return findLabel(labelId).orElseThrow(() -> new NotFoundException("label", labelId));
  }

  /** The label with this id, if there is one (for scope checks before a change). */
  public Optional<Label> findLabel(String labelId) {
    return labelId == null ? Optional.empty() : Optional.ofNullable(em.find(Label.class, labelId));
  }

  /** Renames or recolours a label; the category never changes. */
  public Label updateLabel(
      String labelId, OptionalLong expectedVersion, LabelChanges changes, ChangeOrigin origin) {
    var label = label(labelId);
    JournalLookups.requireVersion("label", labelId, label.getVersion(), expectedVersion);
    var now = clock.instant();
    var newName = changes.name().map(Label::checkedName);
    var newColor =
        changes.color().map(c -> Optional.ofNullable(Label.checkedColor(c.orElse(null))));
    if (newName.isPresent() && !newName.get().equals(label.getName())) {
      requireFreeName(label.getCategoryId(), newName.get());
    }
    var changed = newName.map(n -> label.rename(n, now)).orElse(false);
    changed |= newColor.map(c -> label.recolor(c.orElse(null), now)).orElse(false);
    if (changed) {
      em.flush();
      notifications.labelChanged(label, false, List.of(), origin);
    }
    return label;
  }

  /**
   * Deletes a label and takes it off every task that carries it, closed tasks included (that is
   * bookkeeping, not an edit of the task). The one batch names the label and those tasks.
   *
   * @return the deleted label as it was
   */
  public Label deleteLabel(String labelId, OptionalLong expectedVersion, ChangeOrigin origin) {
    var label = label(labelId);
    JournalLookups.requireVersion("label", labelId, label.getVersion(), expectedVersion);
    var now = clock.instant();
    var tasks =
        em.createNamedQuery("Task.withLabel", Task.class)
            .setParameter("labelId", labelId)
            .getResultList();
    tasks.forEach(task -> task.dropDeletedLabel(labelId, now));
    em.remove(label);
    em.flush();
    notifications.labelChanged(label, true, tasks, origin);
    return label;
  }

  public Task assignTaskLabels(
      String taskId, Set<String> labelIds, LabelAssignment mode, ChangeOrigin origin) {
    return assignTaskLabels(taskId, OptionalLong.empty(), labelIds, mode, origin);
  }

  /**
   * Puts labels on a task or takes them off, as {@code mode} says. Every label named must exist and
   * belong to the task's category (also for {@code REMOVE}, so that a typo is not silently
   * ignored); the task must be open unless nothing changes.
   *
   * @throws InvalidInputException on {@code labelIds} for an unknown label or one of another
   *     category
   * @throws ConflictException when the task is closed
   */
  public Task assignTaskLabels(
      String taskId,
      OptionalLong expectedVersion,
      Set<String> labelIds,
      LabelAssignment mode,
      ChangeOrigin origin) {
    required("labelIds", labelIds);
    required("mode", mode);
    var task =
        Optional.ofNullable(em.find(Task.class, taskId))
            .orElseThrow(() -> new NotFoundException("task", taskId));
    JournalLookups.requireVersion("task", taskId, task.getVersion(), expectedVersion);
    if (labelIds.size() > Task.MAX_LABELS) {
      throw new InvalidInputException("labelIds", "at most " + Task.MAX_LABELS + " labels");
    }
    for (var labelId : new TreeSet<>(labelIds)) {
      var label =
          findLabel(labelId)
              .orElseThrow(
                  () -> new InvalidInputException("labelIds", "no label '" + labelId + "'"));
      if (!label.getCategoryId().equals(task.getCategoryId())) {
        throw new InvalidInputException(
            "labelIds",
            "label '"
                + labelId
                + "' belongs to category '"
                + label.getCategoryId()
                + "', task "
                + taskId
                + (task.getCategoryId() == null
                    ? " has no category"
                    : " is in category '" + task.getCategoryId() + "'"));
      }
    }
    var before = task.getLabelIds();
    var after = new HashSet<>(mode == LabelAssignment.REPLACE ? Set.of() : before);
    if (mode == LabelAssignment.REMOVE) {
      after.removeAll(labelIds);
    } else {
      after.addAll(labelIds);
    }
    if (task.relabel(after, clock.instant())) {
      em.flush();
      var changed = new TreeSet<>(before);
      changed.addAll(after);
      var kept = new ArrayList<>(before);
      kept.retainAll(after);
      changed.removeAll(kept);
      notifications.taskLabelsChanged(task, changed, origin);
    }
    return task;
  }

  private void requireFreeName(String categoryId, String name) {
    var clash =
        em.createNamedQuery("Label.findByName", Label.class)
            .setParameter("categoryId", categoryId)
            .setParameter("name", name)
            .getResultList();
    if (!clash.isEmpty()) {
      throw new ConflictException(
          "category " + categoryId + " has a label named '" + name + "' already");
    }
  }
}
