package io.reveille.journal.entity;

import static io.reveille.platform.entity.Guards.idArgument;
import static io.reveille.platform.entity.Guards.required;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.time.LocalDate;
import java.util.Objects;

/**
 * The plan of one calendar day: a container, one per date, for the day's {@link DayPlanBlock}s and
 * {@link DayPlanPin}s.
 *
 * <p>Unlike every other journal record a plan has no category: the day is shared by all of them.
 * Its blocks carry their own category and its pins their task's, so a plan is shown per category
 * scope through those. Every change to its blocks or pins moves the plan's version ({@link
 * #touch}), which makes the plan's ETag the version of the whole day.
 */
@Entity
@Table(name = "journal_day_plans")
@NamedQuery(name = "DayPlan.byDate", query = "SELECT p FROM DayPlan p WHERE p.planDate = :date")
public class DayPlan {

  public static final int MAX_ID_LENGTH = 64;

  @Id
  @Column(name = "id", length = MAX_ID_LENGTH, nullable = false, updatable = false)
  private String id;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  @Column(name = "plan_date", nullable = false, updatable = false)
  private LocalDate planDate;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "updated_at", nullable = false)
  private Instant updatedAt;

  protected DayPlan() {}

  public DayPlan(String id, LocalDate planDate, Instant now) {
    this.id = idArgument("day plan id", id, MAX_ID_LENGTH);
    this.planDate = required("planDate", planDate);
    this.createdAt = Objects.requireNonNull(now, "now");
    this.updatedAt = now;
  }

  /** Records that the plan's blocks or pins changed, so its version moves. */
  public void touch(Instant now) {
    updatedAt = Objects.requireNonNull(now, "now");
  }

  public String getId() {
    return id;
  }

  public long getVersion() {
    return version;
  }

  public LocalDate getPlanDate() {
    return planDate;
  }

  public Instant getCreatedAt() {
    return createdAt;
  }

  public Instant getUpdatedAt() {
    return updatedAt;
  }
}
