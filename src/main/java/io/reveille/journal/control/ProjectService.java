package io.reveille.journal.control;

import io.reveille.journal.entity.Project;
import io.reveille.journal.entity.ProjectStatus;
import io.reveille.journal.entity.Task;
import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.NotFoundException;
import io.reveille.platform.persistence.Window;
import io.reveille.platform.persistence.Window.Page;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;

/**
 * Projects: groupings of tasks of one category. As in {@link JournalService}, each public method is
 * one transaction (or joins the caller's), and each change publishes one notification batch inside
 * it ({@code PROJECT} and the project's id; a task joining a project is a change of the task, whose
 * batches carry its project's id), so that a project's agent, subscribed to its project's id, hears
 * both. A task leaving a project announces the project it left as well.
 */
@ApplicationScoped
@Transactional
public class ProjectService {

  /** Tasks of one project read at most. */
  public static final int MAX_TASKS = 500;

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject Clock clock;
  @Inject JournalService journal;
  @Inject JournalNotifications notifications;

  /**
   * A new project, {@code open}, of an existing category.
   *
   * @throws NotFoundException for an unknown category
   */
  public Project create(
      String title, Optional<String> description, String categoryId, ChangeOrigin origin) {
    journal.category(categoryId);
    var project =
        new Project(
            UUID.randomUUID().toString(),
            title,
            description.orElse(null),
            categoryId,
            clock.instant());
    em.persist(project);
    em.flush();
    notifications.projectChanged(project, true, origin);
    return project;
  }

  public Optional<Project> find(String projectId) {
    return Optional.ofNullable(em.find(Project.class, projectId));
  }

  public Project get(String projectId) {
    return find(projectId).orElseThrow(() -> new NotFoundException("project", projectId));
  }

  /** A page of the projects, of one category and status when given, newest first. */
  public Page<Project> list(
      Optional<String> categoryId, Optional<ProjectStatus> status, Window window) {
    var cb = em.getCriteriaBuilder();
    var query = cb.createQuery(Project.class);
    var project = query.from(Project.class);
    var where = new java.util.ArrayList<jakarta.persistence.criteria.Predicate>();
    categoryId.ifPresent(id -> where.add(cb.equal(project.get("categoryId"), id)));
    status.ifPresent(value -> where.add(cb.equal(project.get("status"), value)));
    query
        .where(where.toArray(jakarta.persistence.criteria.Predicate[]::new))
        .orderBy(cb.desc(project.get("createdAt")), cb.asc(project.get("id")));
    return window.read(em.createQuery(query));
  }

  /** The project's tasks, oldest first, at most {@value #MAX_TASKS}. */
  public List<Task> tasks(String projectId) {
    get(projectId);
    return em.createQuery(
            "SELECT t FROM Task t WHERE t.projectId = :project ORDER BY t.createdAt, t.id",
            Task.class)
        .setParameter("project", projectId)
        .setMaxResults(MAX_TASKS)
        .getResultList();
  }

  /**
   * Moves the project to {@code status} for {@code reason}.
   *
   * @throws io.reveille.platform.error.IllegalTransitionException when it may not move there
   */
  public Project moveTo(
      String projectId,
      ProjectStatus status,
      String reason,
      OptionalLong expectedVersion,
      ChangeOrigin origin) {
    var project = get(projectId);
    JournalLookups.requireVersion("project", projectId, project.getVersion(), expectedVersion);
    project.moveTo(status, reason, clock.instant());
    em.flush();
    notifications.projectChanged(project, true, origin);
    return project;
  }

  /** Changes the project's title and, when given, its description. */
  public Project describe(
      String projectId,
      String title,
      Optional<String> description,
      OptionalLong expectedVersion,
      ChangeOrigin origin) {
    var project = get(projectId);
    JournalLookups.requireVersion("project", projectId, project.getVersion(), expectedVersion);
    project.describe(title, description, clock.instant());
    em.flush();
    notifications.projectChanged(project, false, origin);
    return project;
  }

  /**
   * Makes the task part of the project, or of none ({@code projectId} empty).
   *
   * @throws io.reveille.platform.error.InvalidInputException when the project is of another
   *     category than the task, or archived
   */
  public Task assign(String taskId, Optional<String> projectId, ChangeOrigin origin) {
    var task = journal.task(taskId);
    var project = projectId.map(this::get).orElse(null);
    var before = task.getProjectId();
    if (task.joinProject(project, clock.instant())) {
      em.flush();
      notifications.taskChanged(task, false, origin);
      // The project it left hears of it too: the task's batch now carries only the new project.
      before
          .filter(left -> projectId.isEmpty() || !left.equals(projectId.get()))
          .ifPresent(left -> notifications.projectChanged(get(left), false, origin));
    }
    return task;
  }

  /**
   * The task leaves {@code projectId}.
   *
   * @throws ConflictException when it is not part of that project
   */
  public Task leave(String taskId, String projectId, ChangeOrigin origin) {
    var task = journal.task(taskId);
    if (!task.getProjectId().equals(Optional.of(projectId))) {
      throw new ConflictException("task " + taskId + " is not part of project " + projectId);
    }
    return assign(taskId, Optional.empty(), origin);
  }
}
