package io.reveille.journal.entity;

import static io.reveille.platform.entity.Guards.idArgument;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import java.io.Serializable;
import java.util.Objects;
import org.hibernate.annotations.Immutable;

/**
 * A task pinned to a {@link DayPlan}, at a place in the day's pin list. Its category is its task's.
 *
 * <p>Immutable: changing the pins rewrites the plan's pin rows and moves the plan's version, which
 * is what guards concurrent edits of the list (a pin has no version of its own).
 */
@Entity
@Immutable
@Table(name = "journal_day_plan_pins")
@IdClass(DayPlanPin.Key.class)
@NamedQuery(
    name = "DayPlanPin.byPlan",
    query = "SELECT p FROM DayPlanPin p WHERE p.planId = :planId ORDER BY p.position, p.taskId")
public class DayPlanPin {

  /** The primary key: plan and task. */
  public static class Key implements Serializable {
    private static final long serialVersionUID = 1L;

    private String planId;
    private String taskId;

    protected Key() {}

    public Key(String planId, String taskId) {
      this.planId = planId;
      this.taskId = taskId;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Key key
          && Objects.equals(planId, key.planId)
          && Objects.equals(taskId, key.taskId);
    }

    @Override
    public int hashCode() {
      return Objects.hash(planId, taskId);
    }
  }

  @Id
  @Column(name = "plan_id", length = DayPlan.MAX_ID_LENGTH, nullable = false, updatable = false)
  private String planId;

  @Id
  @Column(name = "task_id", length = Task.MAX_ID_LENGTH, nullable = false, updatable = false)
  private String taskId;

  @Column(name = "sort_order", nullable = false, updatable = false)
  private int position;

  protected DayPlanPin() {}

  public DayPlanPin(String planId, String taskId, int position) {
    this.planId = idArgument("plan id", planId, DayPlan.MAX_ID_LENGTH);
    this.taskId = idArgument("task id", taskId, Task.MAX_ID_LENGTH);
    if (position < 0) {
      throw new IllegalArgumentException("position must not be negative: " + position);
    }
    this.position = position;
  }

  public String getPlanId() {
    return planId;
  }

  public String getTaskId() {
    return taskId;
  }

  public int getPosition() {
    return position;
  }
}
