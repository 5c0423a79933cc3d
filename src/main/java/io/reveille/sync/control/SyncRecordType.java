package io.reveille.sync.control;

import java.util.Arrays;
import java.util.Optional;

/**
 * What a sync record carries, by the name it travels under: one name per kind of shared record. A
 * name this version does not know is a later version's record, kept until this site can read it.
 */
public enum SyncRecordType {
  /** An agent as it was created: identity, kind, name, mode, categories, configuration, slots. */
  AGENT("agent"),
  /** One message of an agent's append-only log, with its whole text. */
  MESSAGE("message");

  private final String wire;

  SyncRecordType(String wire) {
    this.wire = wire;
  }

  /** The name the record travels under. */
  public String wire() {
    return wire;
  }

  /** The type named {@code wire}; empty for a name this version does not know. */
  public static Optional<SyncRecordType> of(String wire) {
    return Arrays.stream(values()).filter(type -> type.wire.equals(wire)).findFirst();
  }
}
