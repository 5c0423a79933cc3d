package io.reveille.schedule.entity;

import static io.reveille.platform.entity.Guards.required;
import static io.reveille.platform.entity.Guards.text;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;

/**
 * A pending alarm: timer {@code timerId} is to fire for its nominal firing {@code fireAt}. Written
 * and deleted in the transaction that arms or cancels the timer, so an alarm exists exactly when
 * the timer row says it should; deleted by the transaction that fires it, so a firing that rolls
 * back (a crash, a failed send) leaves it pending.
 *
 * <p>{@code dueAt} is when a node's clock may next take the alarm: {@code fireAt} at first; the end
 * of a claim while a node fires it (so that another node takes it over should that node die); later
 * after an attempt that failed (so that one alarm that cannot fire never holds up the others).
 */
@Entity
@Table(name = "timer_alarms")
@IdClass(TimerAlarm.Key.class)
@NamedQuery(
    name = "TimerAlarm.all",
    query = "SELECT a FROM TimerAlarm a ORDER BY a.timerId, a.fireAt")
@NamedQuery(
    name = "TimerAlarm.ofTimers",
    query = "SELECT a FROM TimerAlarm a WHERE a.timerId IN :timerIds")
@NamedQuery(
    name = "TimerAlarm.count",
    query = "SELECT COUNT(a) FROM TimerAlarm a WHERE a.timerId = :timerId AND a.fireAt = :fireAt")
@NamedQuery(name = "TimerAlarm.earliestDue", query = "SELECT MIN(a.dueAt) FROM TimerAlarm a")
@NamedQuery(
    name = "TimerAlarm.delete",
    query = "DELETE FROM TimerAlarm a WHERE a.timerId = :timerId AND a.fireAt = :fireAt")
@NamedQuery(
    name = "TimerAlarm.deleteOfTimer",
    query = "DELETE FROM TimerAlarm a WHERE a.timerId = :timerId")
public class TimerAlarm {

  /** The primary key: timer and nominal firing. */
  public static class Key implements Serializable {
    private static final long serialVersionUID = 1L;

    private String timerId;
    private Instant fireAt;

    protected Key() {}

    public Key(String timerId, Instant fireAt) {
      this.timerId = timerId;
      this.fireAt = fireAt;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Key key
          && Objects.equals(timerId, key.timerId)
          && Objects.equals(fireAt, key.fireAt);
    }

    @Override
    public int hashCode() {
      return Objects.hash(timerId, fireAt);
    }
  }

  @Id
  @Column(name = "timer_id", length = 64, nullable = false, updatable = false)
  private String timerId;

  @Id
  @Column(name = "fire_at", nullable = false, updatable = false)
  private Instant fireAt;

  @Column(name = "due_at", nullable = false)
  private Instant dueAt;

  @Column(name = "attempts", nullable = false)
  private int attempts;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  protected TimerAlarm() {}

  /** An alarm due at its nominal firing, not tried yet. */
  public TimerAlarm(String timerId, Instant fireAt) {
    this.timerId = text("timerId", timerId, 64);
    this.fireAt = required("fireAt", fireAt);
    this.dueAt = fireAt;
  }

  /** A node takes the alarm to fire it: no other node takes it before {@code until}. */
  public void claim(Instant until) {
    dueAt = required("until", until);
  }

  /** An attempt to fire failed: try again at {@code retryAt}. */
  public void postpone(Instant retryAt) {
    dueAt = required("retryAt", retryAt);
    attempts++;
  }

  /** The alarm's primary key. */
  public Key key() {
    return new Key(timerId, fireAt);
  }

  public String getTimerId() {
    return timerId;
  }

  /** The nominal firing this alarm stands for. */
  public Instant getFireAt() {
    return fireAt;
  }

  /** When the alarm is next tried. */
  public Instant getDueAt() {
    return dueAt;
  }

  /** How many attempts to fire it failed. */
  public int getAttempts() {
    return attempts;
  }

  public long getVersion() {
    return version;
  }
}
