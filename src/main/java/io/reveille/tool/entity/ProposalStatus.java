package io.reveille.tool.entity;

import jakarta.persistence.AttributeConverter;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Where a proposal stands: {@code pending} until a person decides, then {@code approved} (applied
 * exactly as previewed), {@code rejected} (nothing changed) or {@code refused} (what it would
 * change was changed by someone else since the preview, or applying it would not have done what the
 * preview showed; nothing changed). Every state but pending is final. Persisted by wire name.
 */
public enum ProposalStatus {
  PENDING("pending"),
  APPROVED("approved"),
  REJECTED("rejected"),
  REFUSED("refused");

  private static final List<String> WIRE_NAMES =
      Arrays.stream(values()).map(ProposalStatus::wire).toList();

  private final String wire;

  ProposalStatus(String wire) {
    this.wire = wire;
  }

  public String wire() {
    return wire;
  }

  public boolean isFinal() {
    return this != PENDING;
  }

  public static Optional<ProposalStatus> fromWire(String wire) {
    return Arrays.stream(values()).filter(status -> status.wire.equals(wire)).findFirst();
  }

  public static List<String> wireNames() {
    return WIRE_NAMES;
  }

  /** Stores the status by its wire name. */
  public static class Converter implements AttributeConverter<ProposalStatus, String> {

    @Override
    public String convertToDatabaseColumn(ProposalStatus status) {
      return status == null ? null : status.wire;
    }

    @Override
    public ProposalStatus convertToEntityAttribute(String wire) {
      return wire == null
          ? null
          : fromWire(wire)
              .orElseThrow(
                  () ->
                      new IllegalStateException(
                          "Unknown proposal status '" + wire + "' in the database"));
    }
  }
}
