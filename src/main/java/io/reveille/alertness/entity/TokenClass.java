package io.reveille.alertness.entity;

import jakarta.persistence.AttributeConverter;
import java.util.Arrays;
import java.util.Optional;

/**
 * The three kinds of notification token a subscription can watch, named as in the notification
 * batch document ({@code semanticKeys}, {@code subtypeTokens}, {@code entityIds}). Persisted by
 * wire name so that the token index survives renaming a constant.
 */
public enum TokenClass {
  /** A coarse change signal such as {@code TASK}. */
  SEMANTIC_KEY("semanticKey"),
  /** A typed token such as {@code workout.type:run}. */
  SUBTYPE_TOKEN("subtypeToken"),
  /** The id of one changed entity. */
  ENTITY_ID("entityId");

  private final String wire;

  TokenClass(String wire) {
    this.wire = wire;
  }

  public String wire() {
    return wire;
  }

  public static Optional<TokenClass> fromWire(String wire) {
    return Arrays.stream(values()).filter(tokenClass -> tokenClass.wire.equals(wire)).findFirst();
  }

  /** Stores the token class by its wire name. */
  public static class Converter implements AttributeConverter<TokenClass, String> {

    @Override
    public String convertToDatabaseColumn(TokenClass tokenClass) {
      return tokenClass == null ? null : tokenClass.wire;
    }

    @Override
    public TokenClass convertToEntityAttribute(String wire) {
      return wire == null
          ? null
          : fromWire(wire)
              .orElseThrow(
                  () ->
                      new IllegalStateException(
                          "Unknown token class '" + wire + "' in the database"));
    }
  }
}
