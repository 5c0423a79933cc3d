package io.reveille.journal.entity;

import io.reveille.platform.wire.WireEnum;
import io.reveille.platform.wire.WireEnumConverter;

/**
 * How one task stands to another, stored in one direction (from → to) and read from either side:
 * {@code blocks} is {@code isBlockedBy} seen from the task it blocks, {@code followsUpOn} is {@code
 * hasFollowUp}, {@code duplicates} is {@code isDuplicatedBy}, {@code fixes} is {@code isFixedBy},
 * {@code supersedes} is {@code isSupersededBy}; {@code relatesTo} reads the same both ways.
 */
public enum TaskRelation implements WireEnum {
  RELATES_TO("relatesTo", "relatesTo"),
  BLOCKS("blocks", "isBlockedBy"),
  FOLLOWS_UP_ON("followsUpOn", "hasFollowUp"),
  DUPLICATES("duplicates", "isDuplicatedBy"),
  FIXES("fixes", "isFixedBy"),
  SUPERSEDES("supersedes", "isSupersededBy");

  private final String wire;
  private final String inverse;

  TaskRelation(String wire, String inverse) {
    this.wire = wire;
    this.inverse = inverse;
  }

  @Override
  public String wire() {
    return wire;
  }

  /** The name as seen from {@code fromSide} ({@code true}: the task the link starts at). */
  public String seenFrom(boolean fromSide) {
    return fromSide ? wire : inverse;
  }

  /** A relation named from one task: the stored relation, and whether that task is its start. */
  public record Named(TaskRelation relation, boolean fromSide) {}

  /** Every name a relation may be given by: the stored names and their inverses. */
  public static java.util.List<String> names() {
    var names = new java.util.ArrayList<String>();
    for (var relation : values()) {
      names.add(relation.wire);
      if (!relation.inverse.equals(relation.wire)) {
        names.add(relation.inverse);
      }
    }
    return java.util.List.copyOf(names);
  }

  /** The relation {@code name} names, either way round; empty for an unknown name. */
  public static java.util.Optional<Named> named(String name) {
    for (var relation : values()) {
      if (relation.wire.equals(name)) {
        return java.util.Optional.of(new Named(relation, true));
      }
      if (relation.inverse.equals(name)) {
        return java.util.Optional.of(new Named(relation, false));
      }
    }
    return java.util.Optional.empty();
  }

  /** Stores the value by its wire name. */
  @jakarta.persistence.Converter
  public static class Converter extends WireEnumConverter<TaskRelation> {
    public Converter() {
      super(TaskRelation.class);
    }
  }
}
