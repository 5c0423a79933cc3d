package io.reveille.tool.entity;

import io.reveille.platform.wire.WireEnum;
import io.reveille.platform.wire.WireEnumConverter;

/**
 * Where a proposal stands: {@code pending} until a person decides, then {@code approved} (applied
 * exactly as previewed), {@code rejected} (nothing changed) or {@code refused} (what it would
 * change was changed by someone else since the preview, or applying it would not have done what the
 * preview showed; nothing changed) or {@code withdrawn} (the agent that proposed it took it back
 * before anyone decided; nothing changed). Every state but pending is final. Persisted by wire
 * name.
 */
public enum ProposalStatus implements WireEnum {
  PENDING("pending"),
  APPROVED("approved"),
  REJECTED("rejected"),
  REFUSED("refused"),
  WITHDRAWN("withdrawn");

  private final String wire;

  ProposalStatus(String wire) {
    this.wire = wire;
  }

  @Override
  public String wire() {
    return wire;
  }

  public boolean isFinal() {
    return this != PENDING;
  }

  /** Stores the value by its wire name. */
  @jakarta.persistence.Converter
  public static class Converter extends WireEnumConverter<ProposalStatus> {
    public Converter() {
      super(ProposalStatus.class);
    }
  }
}
