package io.reveille.journal.control;

import io.reveille.journal.entity.Category;
import io.reveille.journal.entity.ChecklistItem;
import io.reveille.journal.entity.Task;
import io.reveille.journal.entity.TaskPriority;
import io.reveille.journal.entity.TaskStatus;
import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.error.NotFoundException;
import io.reveille.platform.persistence.Window;
import io.reveille.platform.persistence.Window.Page;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.LocalDate;
import java.util.Collection;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;

/**
 * Categories, tasks and checklist items: create, read and change them.
 *
 * <p>Each public method is one transaction (or joins the caller's), and every method that changes
 * something publishes exactly one notification batch through {@link JournalNotifications} inside
 * it, so the change and its announcement commit or roll back together. A change that turns out to
 * change nothing publishes nothing. An agent's tool call passes its {@link ChangeOrigin} so the
 * batch does not wake that agent; every other caller uses the overloads without one.
 *
 * <p>Concurrency is optimistic as in the agent service: a stale expected version ({@code If-Match})
 * is refused before anything changes, and {@code @Version} catches a concurrent commit at flush.
 */
@ApplicationScoped
@Transactional
public class JournalService {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject Clock clock;

  @Inject JournalNotifications notifications;

  /** A new task; status defaults to {@code open}, priority to {@code p2}. */
  public record NewTask(
      String title,
      Optional<String> description,
      Optional<String> categoryId,
      Optional<TaskStatus> status,
      Optional<TaskPriority> priority,
      Optional<Integer> estimateMinutes,
      Optional<LocalDate> dueDate,
      Optional<String> language) {
    public NewTask {
      Objects.requireNonNull(description, "description");
      Objects.requireNonNull(categoryId, "categoryId");
      Objects.requireNonNull(status, "status");
      Objects.requireNonNull(priority, "priority");
      Objects.requireNonNull(estimateMinutes, "estimateMinutes");
      Objects.requireNonNull(dueDate, "dueDate");
      Objects.requireNonNull(language, "language");
    }

    /** A new task whose language is not known. */
    public NewTask(
        String title,
        Optional<String> description,
        Optional<String> categoryId,
        Optional<TaskStatus> status,
        Optional<TaskPriority> priority,
        Optional<Integer> estimateMinutes,
        Optional<LocalDate> dueDate) {
      this(
          title,
          description,
          categoryId,
          status,
          priority,
          estimateMinutes,
          dueDate,
          Optional.empty());
    }
  }

  /**
   * A partial update of a task. An empty field stays as it is; for the clearable fields an inner
   * empty {@code Optional} clears the value.
   */
  public record TaskChanges(
      Optional<String> title,
      Optional<Optional<String>> description,
      Optional<Optional<String>> categoryId,
      Optional<TaskStatus> status,
      Optional<TaskPriority> priority,
      Optional<Optional<Integer>> estimateMinutes,
      Optional<Optional<LocalDate>> dueDate,
      Optional<Optional<String>> language) {

    /** Changes that leave the language as it is. */
    public TaskChanges(
        Optional<String> title,
        Optional<Optional<String>> description,
        Optional<Optional<String>> categoryId,
        Optional<TaskStatus> status,
        Optional<TaskPriority> priority,
        Optional<Optional<Integer>> estimateMinutes,
        Optional<Optional<LocalDate>> dueDate) {
      this(
          title,
          description,
          categoryId,
          status,
          priority,
          estimateMinutes,
          dueDate,
          Optional.empty());
    }

    /** Whether the request asks for anything at all. */
    public boolean isEmpty() {
      return title.isEmpty()
          && description.isEmpty()
          && categoryId.isEmpty()
          && status.isEmpty()
          && priority.isEmpty()
          && estimateMinutes.isEmpty()
          && dueDate.isEmpty()
          && language.isEmpty();
    }
  }

  /** A partial update of a checklist item; an empty field stays as it is. */
  // ---- categories ----------------------------------------------------------------------------

  public Category createCategory(String name, ChangeOrigin origin) {
    var category = new Category(UUID.randomUUID().toString(), name, clock.instant());
    var clash =
        em.createNamedQuery("Category.findByName", Category.class)
            .setParameter("name", category.getName())
            .getResultList();
    if (!clash.isEmpty()) {
      throw new ConflictException("a category named '" + category.getName() + "' exists");
    }
    em.persist(category);
    em.flush();
    notifications.categoryChanged(category, origin);
    return category;
  }

  /** A page of the categories, by name. */
  public Page<Category> categories(Window window) {
    return window.read(em.createNamedQuery("Category.all", Category.class));
  }

  public Category category(String categoryId) {
    return Optional.ofNullable(em.find(Category.class, categoryId))
        .orElseThrow(() -> new NotFoundException("category", categoryId));
  }

  // ---- tasks ---------------------------------------------------------------------------------

  public Task createTask(NewTask request, ChangeOrigin origin) {
    var now = clock.instant();
    request.categoryId().ifPresent(id -> JournalLookups.category(em, "categoryId", id));
    var task =
        new Task(
            UUID.randomUUID().toString(),
            request.title(),
            request.categoryId().orElse(null),
            request.status().orElse(TaskStatus.OPEN),
            request.priority().orElse(TaskPriority.P2),
            now);
    // Content first, then persist: a task created closed is still created with its content.
    if (!task.getStatus().isClosed()) {
      request.description().ifPresent(text -> task.describe(text, now));
      request.estimateMinutes().ifPresent(minutes -> task.estimate(minutes, now));
      request.dueDate().ifPresent(date -> task.scheduleDue(date, now));
      request.language().ifPresent(tag -> task.useLanguage(tag, now));
    } else if (request.description().isPresent()
        || request.estimateMinutes().isPresent()
        || request.dueDate().isPresent()
        || request.language().isPresent()) {
      throw new InvalidInputException(
          "status", "a task created as " + task.getStatus() + " takes only a title and category");
    }
    em.persist(task);
    em.flush();
    notifications.taskChanged(task, true, origin);
    return task;
  }

  /** A page of the tasks, newest first, optionally only those in one status or category. */
  public Page<Task> tasks(Optional<TaskStatus> status, Optional<String> categoryId, Window window) {
    var cb = em.getCriteriaBuilder();
    var query = cb.createQuery(Task.class);
    var task = query.from(Task.class);
    var filters = new java.util.ArrayList<jakarta.persistence.criteria.Predicate>();
    status.ifPresent(value -> filters.add(cb.equal(task.get("status"), value)));
    categoryId.ifPresent(value -> filters.add(cb.equal(task.get("categoryId"), value)));
    query
        .where(filters.toArray(jakarta.persistence.criteria.Predicate[]::new))
        .orderBy(cb.desc(task.get("createdAt")), cb.asc(task.get("id")));
    return window.read(em.createQuery(query));
  }

  /** The categories with these ids, by name. */
  public List<Category> categoriesIn(Collection<String> categoryIds) {
    return em.createQuery(
            "SELECT c FROM Category c WHERE c.id IN :ids ORDER BY c.name, c.id", Category.class)
        .setParameter("ids", categoryIds)
        .getResultList();
  }

  /**
   * The tasks of these categories, newest first, at most {@code limit}; only those of these
   * statuses unless {@code statuses} is empty. The categories are filtered in the query, so a
   * caller that passes only what a reader may see never loads anything else.
   */
  public List<Task> tasksIn(
      Collection<String> categoryIds, Collection<TaskStatus> statuses, int limit) {
    var jpql = new StringBuilder("SELECT t FROM Task t WHERE t.categoryId IN :categories");
    if (!statuses.isEmpty()) {
      jpql.append(" AND t.status IN :statuses");
    }
    jpql.append(" ORDER BY t.createdAt DESC, t.id");
    var query = em.createQuery(jpql.toString(), Task.class).setParameter("categories", categoryIds);
    if (!statuses.isEmpty()) {
      query.setParameter("statuses", statuses);
    }
    return query.setMaxResults(limit).getResultList();
  }

  /** The task with this id, if there is one. */
  public Optional<Task> findTask(String taskId) {
    return Optional.ofNullable(em.find(Task.class, taskId));
  }

  public Task task(String taskId) {
    return findTask(taskId).orElseThrow(() -> new NotFoundException("task", taskId));
  }

  /**
   * Deletes a task with its checklists, items and labels (the schema cascades); its time entries
   * and plan blocks stay, no longer linked. One batch names the task with {@code
   * task.state:deleted}: its task agent goes dormant on that wake.
   */
  public void deleteTask(String taskId, OptionalLong expectedVersion, ChangeOrigin origin) {
    var task = task(taskId);
    JournalLookups.requireVersion("task", taskId, task.getVersion(), expectedVersion);
    em.remove(task);
    em.flush();
    notifications.taskDeleted(task, origin);
  }

  /**
   * Applies {@code changes} to the task. The status moves first: reopening a closed task and
   * editing it is one request, while closing it and editing it is refused (edit, then close).
   *
   * <p>Moving the task to another category (or none) drops all its labels: a task carries labels of
   * its own category only ({@link LabelService}). The language is checked as a BCP 47 tag and
   * stored in its canonical form.
   */
  public Task updateTask(
      String taskId, OptionalLong expectedVersion, TaskChanges changes, ChangeOrigin origin) {
    var task = task(taskId);
    JournalLookups.requireVersion("task", taskId, task.getVersion(), expectedVersion);
    var now = clock.instant();
    var before = task.getVersion();
    var reopening = changes.status().filter(status -> !status.isClosed()).isPresent();
    var statusChanged = reopening && task.moveTo(changes.status().get(), now);
    changes
        .title()
        .filter(t -> !t.strip().equals(task.getTitle()))
        .ifPresent(t -> task.retitle(t, now));
    changes
        .description()
        .map(d -> d.orElse(null))
        .filter(d -> !Objects.equals(d, task.getDescription()))
        .ifPresent(d -> task.describe(d, now));
    changes
        .categoryId()
        .map(c -> c.orElse(null))
        .filter(c -> !Objects.equals(c, task.getCategoryId()))
        .ifPresent(
            c -> {
              if (c != null) {
                JournalLookups.category(em, "categoryId", c);
              }
              task.recategorize(c, now);
            });
    changes.priority().filter(p -> p != task.getPriority()).ifPresent(p -> task.prioritize(p, now));
    changes
        .estimateMinutes()
        .map(m -> m.orElse(null))
        .filter(m -> !Objects.equals(m, task.getEstimateMinutes()))
        .ifPresent(m -> task.estimate(m, now));
    changes
        .dueDate()
        .map(d -> d.orElse(null))
        .filter(d -> !Objects.equals(d, task.getDueDate()))
        .ifPresent(d -> task.scheduleDue(d, now));
    changes
        .language()
        .map(l -> Task.checkedLanguage(l.orElse(null)))
        .filter(l -> !Objects.equals(l, task.getLanguage()))
        .ifPresent(l -> task.useLanguage(l, now));
    if (!reopening && changes.status().isPresent()) {
      statusChanged = task.moveTo(changes.status().get(), now);
    }
    em.flush();
    if (task.getVersion() != before) {
      notifications.taskChanged(task, statusChanged, origin);
    }
    return task;
  }

  // ---- checklist items -----------------------------------------------------------------------

  /** All the task's checklist items in order, across its checklists. */
  public List<ChecklistItem> checklistItems(String taskId) {
    task(taskId);
    return em.createNamedQuery("ChecklistItem.byTask", ChecklistItem.class)
        .setParameter("taskId", taskId)
        .getResultList();
  }
}
