package io.reveille.tool.entity;

import java.util.Arrays;
import java.util.Optional;

/**
 * How much harm a wrong call of a tool can do. High-risk tools (bulk moves, closing tasks) support
 * {@code previewOnly}: the exact planned changes without writing anything.
 */
public enum RiskLevel {
  LOW("low"),
  MEDIUM("medium"),
  HIGH("high");

  private final String wire;

  RiskLevel(String wire) {
    this.wire = wire;
  }

  public String wire() {
    return wire;
  }

  public static Optional<RiskLevel> fromWire(String wire) {
    return Arrays.stream(values()).filter(value -> value.wire.equals(wire)).findFirst();
  }
}
