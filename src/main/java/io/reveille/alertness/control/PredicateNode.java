package io.reveille.alertness.control;

import io.reveille.notification.control.NotificationBatch.EntitySnapshot;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The syntax tree of a {@link SubscriptionPredicate} and its evaluation; the value rules are
 * documented there. Conditions ({@code PredicateNode}) yield booleans, operands ({@link Operand})
 * yield values: a {@code String}, {@code BigDecimal}, {@code Boolean}, {@code List} or {@code
 * null}.
 */
sealed interface PredicateNode {

  boolean test(EntitySnapshot entity);

  /** Any of the conditions; evaluation stops at the first that holds. */
  record Or(List<PredicateNode> conditions) implements PredicateNode {
    @Override
    public boolean test(EntitySnapshot entity) {
      for (var condition : conditions) {
        if (condition.test(entity)) {
          return true;
        }
      }
      return false;
    }
  }

  /** All of the conditions; evaluation stops at the first that fails. */
  record And(List<PredicateNode> conditions) implements PredicateNode {
    @Override
    public boolean test(EntitySnapshot entity) {
      for (var condition : conditions) {
        if (!condition.test(entity)) {
          return false;
        }
      }
      return true;
    }
  }

  record Not(PredicateNode condition) implements PredicateNode {
    @Override
    public boolean test(EntitySnapshot entity) {
      return !condition.test(entity);
    }
  }

  /** An operand used as a condition: holds when its value is {@code true}. */
  record IsTrue(Operand operand) implements PredicateNode {
    @Override
    public boolean test(EntitySnapshot entity) {
      return Boolean.TRUE.equals(operand.value(entity));
    }
  }

  record Compare(Operand left, Comparison comparison, Operand right) implements PredicateNode {
    @Override
    public boolean test(EntitySnapshot entity) {
      return comparison.holds(left.value(entity), right.value(entity));
    }
  }

  /**
   * {@code in} / {@code not in}: the items are kept as {@linkplain #key lookup keys}, so a test is
   * one hash lookup per value.
   */
  record In(Operand operand, Set<Object> itemKeys, boolean negated) implements PredicateNode {
    @Override
    public boolean test(EntitySnapshot entity) {
      var value = operand.value(entity);
      var found = false;
      if (value instanceof List<?> list) {
        for (var element : list) {
          if (itemKeys.contains(key(normalize(element)))) {
            found = true;
            break;
          }
        }
      } else {
        found = itemKeys.contains(key(value));
      }
      return found != negated;
    }
  }

  enum Comparison {
    EQ("==") {
      @Override
      boolean holds(Object left, Object right) {
        return same(left, right);
      }
    },
    NE("!=") {
      @Override
      boolean holds(Object left, Object right) {
        return !same(left, right);
      }
    },
    LT("<") {
      @Override
      boolean holds(Object left, Object right) {
        return order(left, right) == Order.LESS;
      }
    },
    LE("<=") {
      @Override
      boolean holds(Object left, Object right) {
        var order = order(left, right);
        return order == Order.LESS || order == Order.EQUAL;
      }
    },
    GT(">") {
      @Override
      boolean holds(Object left, Object right) {
        return order(left, right) == Order.GREATER;
      }
    },
    GE(">=") {
      @Override
      boolean holds(Object left, Object right) {
        var order = order(left, right);
        return order == Order.GREATER || order == Order.EQUAL;
      }
    };

    private final String symbol;

    Comparison(String symbol) {
      this.symbol = symbol;
    }

    String symbol() {
      return symbol;
    }

    abstract boolean holds(Object left, Object right);
  }

  /** Something that has a value for an entity. */
  sealed interface Operand {
    Object value(EntitySnapshot entity);
  }

  record Literal(Object value) implements Operand {
    @Override
    public Object value(EntitySnapshot entity) {
      return value;
    }
  }

  record EntityIdField() implements Operand {
    @Override
    public Object value(EntitySnapshot entity) {
      return entity.id();
    }
  }

  record TypeField() implements Operand {
    @Override
    public Object value(EntitySnapshot entity) {
      return entity.type() == null ? null : entity.type().orElse(null);
    }
  }

  record CategoryIdField() implements Operand {
    @Override
    public Object value(EntitySnapshot entity) {
      return entity.categoryId() == null ? null : entity.categoryId().orElse(null);
    }
  }

  record Attribute(String name) implements Operand {
    @Override
    public Object value(EntitySnapshot entity) {
      return normalize(entity.attributes().get(name));
    }
  }

  /** The outcome of ordering two values; {@code NONE} when they are not comparable. */
  enum Order {
    LESS,
    EQUAL,
    GREATER,
    NONE
  }

  /**
   * Brings an attribute value into the value model: {@code Optional.empty()} (JSON null) becomes
   * {@code null}, other numbers become {@code BigDecimal}. Snapshots from the batch parser already
   * hold only model values; this keeps hand-built snapshots (tests, other producers) honest.
   */
  static Object normalize(Object value) {
    if (value instanceof Optional<?> optional) {
      return normalize(optional.orElse(null));
    }
    if (value instanceof Integer || value instanceof Long || value instanceof Short) {
      return BigDecimal.valueOf(((Number) value).longValue());
    }
    if (value instanceof BigInteger integer) {
      return new BigDecimal(integer);
    }
    if ((value instanceof Double || value instanceof Float)
        && Double.isFinite(((Number) value).doubleValue())) {
      return BigDecimal.valueOf(((Number) value).doubleValue());
    }
    return value;
  }

  private static boolean same(Object left, Object right) {
    if (left == null || right == null) {
      return left == null && right == null;
    }
    if (left instanceof BigDecimal a && right instanceof BigDecimal b) {
      return a.compareTo(b) == 0;
    }
    if (left instanceof List<?> a && right instanceof List<?> b) {
      if (a.size() != b.size()) {
        return false;
      }
      for (var i = 0; i < a.size(); i++) {
        if (!same(normalize(a.get(i)), normalize(b.get(i)))) {
          return false;
        }
      }
      return true;
    }
    if (left instanceof String || left instanceof Boolean) {
      return left.equals(right);
    }
    return false;
  }

  private static Order order(Object left, Object right) {
    int comparison;
    if (left instanceof BigDecimal a && right instanceof BigDecimal b) {
      comparison = a.compareTo(b);
    } else if (left instanceof String a && right instanceof String b) {
      comparison = a.compareTo(b);
    } else {
      return Order.NONE;
    }
    return comparison < 0 ? Order.LESS : comparison == 0 ? Order.EQUAL : Order.GREATER;
  }

  /** The key under which a literal list item is found: equal values (per {@code ==}) share it. */
  static Object key(Object value) {
    if (value == null) {
      return NullKey.NULL;
    }
    if (value instanceof BigDecimal number) {
      return number.signum() == 0 ? BigDecimal.ZERO : number.stripTrailingZeros();
    }
    if (value instanceof String || value instanceof Boolean) {
      return value;
    }
    return NullKey.UNMATCHABLE;
  }

  /** Keys that no literal string, number or boolean can collide with. */
  enum NullKey {
    NULL,
    /** For values that equal no list item (lists, unknown types). */
    UNMATCHABLE
  }
}
