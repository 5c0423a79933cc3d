package io.reveille.schedule.entity;

import static io.reveille.platform.entity.Guards.required;
import static io.reveille.platform.entity.Guards.text;

import io.reveille.platform.error.IllegalTransitionException;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.json.JsonObjectConverter;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.time.ZoneId;

/**
 * A recurring wake an agent was given: the schedule as the user meant it, in a zone, and the next
 * instant it fires.
 *
 * <p>Why the intent is stored and not only the next instant: "07:00 local" must stay 07:00 across
 * daylight-saving changes, clock corrections and a move to another zone, so the next firing is
 * always recomputed from the intent (by the scheduler; this entity only records the result). The
 * scheduled instant is also what the timer's wake run key is derived from, so a firing recorded
 * twice, on two nodes or after a crash, wakes the agent once.
 */
@Entity
@Table(name = "agent_timers")
@NamedQuery(
    name = "AgentTimer.findByAgent",
    query = "SELECT t FROM AgentTimer t WHERE t.agentId = :agentId ORDER BY t.createdAt, t.id")
@NamedQuery(
    name = "AgentTimer.ofAgents",
    query = "SELECT t FROM AgentTimer t WHERE t.agentId IN :agentIds")
@NamedQuery(
    name = "AgentTimer.countByAgent",
    query = "SELECT COUNT(t) FROM AgentTimer t WHERE t.agentId = :agentId")
@NamedQuery(
    name = "AgentTimer.findActiveByAgent",
    query =
        "SELECT t FROM AgentTimer t WHERE t.agentId = :agentId AND t.active = true"
            + " ORDER BY t.nextRunAt, t.id")
@NamedQuery(
    name = "AgentTimer.findActiveOfActiveAgents",
    query =
        "SELECT t FROM AgentTimer t, Agent a WHERE a.id = t.agentId AND t.active = true"
            + " AND a.lifecycle = :lifecycle ORDER BY t.nextRunAt, t.id")
public class AgentTimer {

  @Id
  @Column(name = "id", length = 64)
  private String id;

  @Column(name = "agent_id", length = 64, nullable = false, updatable = false)
  private String agentId;

  @Convert(converter = ScheduleKind.Converter.class)
  @Column(name = "schedule_kind", length = 16, nullable = false)
  private ScheduleKind scheduleKind;

  @Convert(converter = JsonObjectConverter.class)
  @Column(name = "schedule", nullable = false)
  private JsonObject schedule;

  @Column(name = "zone_id", length = 64, nullable = false)
  private String zoneId;

  @Column(name = "active", nullable = false)
  private boolean active;

  @Column(name = "next_run_at")
  private Instant nextRunAt;

  @Column(name = "last_fired_at")
  private Instant lastFiredAt;

  @Column(name = "not_before")
  private Instant notBefore;

  @Column(name = "not_after")
  private Instant notAfter;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "updated_at", nullable = false)
  private Instant updatedAt;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  protected AgentTimer() {}

  /**
   * An active timer.
   *
   * @param schedule the schedule document; its {@code kind}, when present, must be {@code
   *     scheduleKind}
   * @param zoneId the zone the wall-clock intent is meant in ({@code UTC} for intervals)
   * @param nextRunAt the first firing, computed from the schedule
   */
  public AgentTimer(
      String id,
      String agentId,
      ScheduleKind scheduleKind,
      JsonObject schedule,
      ZoneId zoneId,
      Instant nextRunAt,
      Instant now) {
    this.id = text("id", id, 64);
    this.agentId = text("agentId", agentId, 64);
    this.scheduleKind = required("schedule.kind", scheduleKind);
    this.schedule = required("schedule", schedule);
    var declared = schedule.get("kind");
    if (declared != null
        && !(declared instanceof JsonString kind && kind.getString().equals(scheduleKind.wire()))) {
      throw new InvalidInputException(
          "schedule.kind",
          "the document says " + declared + " but the timer is " + scheduleKind.wire());
    }
    this.zoneId = required("schedule.zone", zoneId).getId();
    this.nextRunAt = required("nextRunAt", nextRunAt);
    this.createdAt = required("now", now);
    this.updatedAt = now;
    this.active = true;
  }

  /**
   * Bounds the timer: it fires only on firings in {@code [notBefore, notAfter]} (either may be
   * {@code null}: unbounded on that side).
   */
  public void bound(Instant notBefore, Instant notAfter, Instant now) {
    required("now", now);
    if (notBefore != null && notAfter != null && notAfter.isBefore(notBefore)) {
      throw new InvalidInputException("notAfter", "must not be before notBefore");
    }
    this.notBefore = notBefore;
    this.notAfter = notAfter;
    this.updatedAt = now;
  }

  /**
   * Replaces the schedule (kind, document and zone): the intent changed, so the next firing is
   * recomputed by the caller and given here; {@code null} makes the timer inactive.
   */
  public void redefine(
      ScheduleKind newKind, JsonObject newSchedule, ZoneId newZone, Instant next, Instant now) {
    this.scheduleKind = required("schedule.kind", newKind);
    this.schedule = required("schedule", newSchedule);
    this.zoneId = required("schedule.zone", newZone).getId();
    this.nextRunAt = next;
    this.active = next != null;
    this.updatedAt = required("now", now);
  }

  /** inactive → active, firing next at {@code next}. */
  public void activate(Instant next, Instant now) {
    required("nextRunAt", next);
    required("now", now);
    if (active) {
      throw new IllegalTransitionException("timer " + id, "active", "active");
    }
    active = true;
    nextRunAt = next;
    updatedAt = now;
  }

  /**
   * Records the firing scheduled for {@code firedAt} and the next one.
   *
   * @param firedAt the scheduled instant that fired (not the moment the code ran)
   * @param next the following firing, or {@code null} when the schedule has no more (the timer then
   *     deactivates itself)
   * @throws IllegalTransitionException if the timer is inactive
   * @throws InvalidInputException if {@code firedAt} is before the last recorded firing or {@code
   *     next} is not after {@code firedAt}
   */
  public void recordFired(Instant firedAt, Instant next) {
    required("firedAt", firedAt);
    requireActive("fired");
    if (lastFiredAt != null && firedAt.isBefore(lastFiredAt)) {
      throw new InvalidInputException(
          "firedAt", "the timer already fired at " + lastFiredAt + ", after " + firedAt);
    }
    if (next != null && !next.isAfter(firedAt)) {
      throw new InvalidInputException("nextRunAt", "must be after the firing " + firedAt);
    }
    lastFiredAt = firedAt;
    nextRunAt = next;
    active = next != null;
    updatedAt = firedAt;
  }

  /**
   * Sets a recomputed next firing (after a clock jump, a time zone change or a catch-up) without
   * recording a firing.
   */
  public void reschedule(Instant next, Instant now) {
    required("nextRunAt", next);
    required("now", now);
    requireActive("rescheduled");
    nextRunAt = next;
    updatedAt = now;
  }

  /** active → inactive: the timer no longer fires. */
  public void deactivate(Instant now) {
    required("now", now);
    requireActive("inactive");
    active = false;
    nextRunAt = null;
    updatedAt = now;
  }

  private void requireActive(String to) {
    if (!active) {
      throw new IllegalTransitionException("timer " + id, "inactive", to);
    }
  }

  public String getId() {
    return id;
  }

  public String getAgentId() {
    return agentId;
  }

  public ScheduleKind getScheduleKind() {
    return scheduleKind;
  }

  /** The wall-clock intent as the user gave it. */
  public JsonObject getSchedule() {
    return schedule;
  }

  public ZoneId getZoneId() {
    return ZoneId.of(zoneId);
  }

  public boolean isActive() {
    return active;
  }

  /** The next scheduled firing; {@code null} once the timer is inactive. */
  public Instant getNextRunAt() {
    return nextRunAt;
  }

  public Instant getLastFiredAt() {
    return lastFiredAt;
  }

  /** The earliest firing allowed; {@code null} when unbounded. */
  public Instant getNotBefore() {
    return notBefore;
  }

  /** The latest firing allowed; {@code null} when unbounded. */
  public Instant getNotAfter() {
    return notAfter;
  }

  public Instant getCreatedAt() {
    return createdAt;
  }

  public Instant getUpdatedAt() {
    return updatedAt;
  }

  public long getVersion() {
    return version;
  }
}
