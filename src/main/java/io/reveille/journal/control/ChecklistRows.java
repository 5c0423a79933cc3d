package io.reveille.journal.control;

import io.reveille.journal.entity.Checklist;
import io.reveille.journal.entity.ChecklistItem;
import io.reveille.journal.entity.Task;
import jakarta.persistence.EntityManager;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * New checklists and items, and where they go: a new checklist after the task's last one, new or
 * moved items at the end of the task's one item order.
 *
 * <p>Plain static code on the caller's entity manager, run inside {@link ChecklistService}'s
 * transaction; it checks nothing, the service has checked its input before calling.
 */
final class ChecklistRows {

  private ChecklistRows() {}

  static Checklist newChecklist(EntityManager em, Task task, String title, Instant now) {
    var last =
        em.createNamedQuery("Checklist.maxPosition", Integer.class)
            .setParameter("taskId", task.getId())
            .getSingleResult();
    var checklist =
        new Checklist(
            UUID.randomUUID().toString(), task.getId(), last == null ? 0 : last + 1, title, now);
    em.persist(checklist);
    return checklist;
  }

  static List<ChecklistItem> appendItems(
      EntityManager em,
      Checklist checklist,
      Task task,
      List<String> titles,
      boolean checked,
      Instant now) {
    var next = nextPosition(em, task.getId());
    var items = new ArrayList<ChecklistItem>();
    for (var title : titles) {
      var item =
          new ChecklistItem(
              UUID.randomUUID().toString(),
              checklist.getId(),
              task.getId(),
              next++,
              title,
              checked,
              now);
      em.persist(item);
      items.add(item);
    }
    return items;
  }

  static int nextPosition(EntityManager em, String taskId) {
    var last =
        em.createNamedQuery("ChecklistItem.maxPosition", Integer.class)
            .setParameter("taskId", taskId)
            .getSingleResult();
    return last == null ? 0 : last + 1;
  }
}
