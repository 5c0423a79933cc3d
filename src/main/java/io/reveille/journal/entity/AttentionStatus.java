package io.reveille.journal.entity;

import io.reveille.platform.wire.WireEnum;
import io.reveille.platform.wire.WireEnumConverter;
import java.util.EnumSet;
import java.util.Set;

/**
 * Where a request for a person's time is: {@code open} (the planner honours it), {@code deferred}
 * (set aside until its next review, then honoured again), or resolved for good — {@code satisfied},
 * {@code partiallySatisfied} or {@code withdrawn}. An open or deferred request may be resolved in
 * any of the other ways, a deferred one deferred again; a resolved one never moves.
 */
public enum AttentionStatus implements WireEnum {
  OPEN("open"),
  DEFERRED("deferred"),
  SATISFIED("satisfied"),
  PARTIALLY_SATISFIED("partiallySatisfied"),
  WITHDRAWN("withdrawn");

  private final String wire;

  AttentionStatus(String wire) {
    this.wire = wire;
  }

  @Override
  public String wire() {
    return wire;
  }

  /** The statuses a request may be resolved to. */
  public static Set<AttentionStatus> resolutions() {
    return EnumSet.of(DEFERRED, SATISFIED, PARTIALLY_SATISFIED, WITHDRAWN);
  }

  /** Whether the request is still waiting for time (open or deferred). */
  public boolean isPending() {
    return this == OPEN || this == DEFERRED;
  }

  /** Whether a request in this status may move to {@code next}. */
  public boolean canMoveTo(AttentionStatus next) {
    return isPending() && resolutions().contains(next);
  }

  /** Stores the value by its wire name. */
  @jakarta.persistence.Converter
  public static class Converter extends WireEnumConverter<AttentionStatus> {
    public Converter() {
      super(AttentionStatus.class);
    }
  }
}
