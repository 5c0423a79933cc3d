package io.reveille.journal.entity;

import io.reveille.platform.wire.WireEnum;
import io.reveille.platform.wire.WireEnumConverter;
import java.util.EnumSet;
import java.util.Set;

/**
 * Where a project is: {@code open} (planned), {@code active} (being worked), {@code monitoring}
 * (done but watched), {@code onHold} (set aside) and {@code completed} move freely among each
 * other; {@code archived} is put away, and an archived project can only be opened again.
 */
public enum ProjectStatus implements WireEnum {
  OPEN("open"),
  ACTIVE("active"),
  MONITORING("monitoring"),
  ON_HOLD("onHold"),
  COMPLETED("completed"),
  ARCHIVED("archived");

  private final String wire;

  ProjectStatus(String wire) {
    this.wire = wire;
  }

  @Override
  public String wire() {
    return wire;
  }

  /** Whether a project in this status may move to {@code next}; staying put is not a move. */
  public boolean canMoveTo(ProjectStatus next) {
    return next != this
        && (this == ARCHIVED ? EnumSet.of(OPEN) : EnumSet.complementOf(EnumSet.of(this)))
            .contains(next);
  }

  /** The statuses a project may be in while work in it goes on. */
  public static Set<ProjectStatus> live() {
    return EnumSet.of(OPEN, ACTIVE, MONITORING, ON_HOLD);
  }

  /** Stores the value by its wire name. */
  @jakarta.persistence.Converter
  public static class Converter extends WireEnumConverter<ProjectStatus> {
    public Converter() {
      super(ProjectStatus.class);
    }
  }
}
