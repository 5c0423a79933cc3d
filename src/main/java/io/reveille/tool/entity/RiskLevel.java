package io.reveille.tool.entity;

import io.reveille.platform.wire.WireEnum;

/**
 * How much harm a wrong call of a tool can do. High-risk tools (bulk moves, closing tasks) support
 * {@code previewOnly}: the exact planned changes without writing anything.
 */
public enum RiskLevel implements WireEnum {
  LOW("low"),
  MEDIUM("medium"),
  HIGH("high");

  private final String wire;

  RiskLevel(String wire) {
    this.wire = wire;
  }

  @Override
  public String wire() {
    return wire;
  }
}
