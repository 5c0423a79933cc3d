package io.reveille.alertness.control;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.reveille.notification.control.NotificationBatch.EntitySnapshot;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.testing.JsonInputs;
import io.reveille.testing.ParserOracle;
import java.math.BigDecimal;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * Fuzzes the subscription predicate language, which users and agents write: any text parses or is
 * refused with an {@link InvalidInputException} for the field {@code predicate}, and a predicate
 * that parses evaluates every entity a batch can carry to true or false, without an exception
 * (evaluation runs inside the notification consumer's transaction).
 */
class SubscriptionPredicateFuzzTest {

  /** The words and symbols of the grammar, with near misses. */
  private static final List<String> TOKENS =
      List.of(
          (". id type categoryId attributes status estimate labels _x9 true false null in not"
                  + " == != < <= > >= && || ! ( ) [ ] , = & | - \" \\ 1. -0 30 30.0 -2.5 007"
                  + " \"open\" \"a\\\"b\" \"\\\\\" \"\\n\" \"x")
              .split(" "));

  @Property
  void anyTextParsesOrIsRefusedForThePredicateField(@ForAll("predicates") String text) {
    ParserOracle.answersOrRefuses(
        InvalidInputException.class,
        () -> {
          try {
            return SubscriptionPredicate.parse(text);
          } catch (InvalidInputException e) {
            assertEquals("predicate", e.getField(), e::getMessage);
            throw e;
          }
        });
  }

  @Property
  void aParsedPredicateEvaluatesEveryEntity(
      @ForAll("predicates") String text, @ForAll("entities") EntitySnapshot entity) {
    ParserOracle.answersOrRefuses(
            InvalidInputException.class, () -> SubscriptionPredicate.parse(text))
        .ifPresent(predicate -> ParserOracle.answers(() -> predicate.test(entity)));
  }

  @Provide
  Arbitrary<String> predicates() {
    var separators = Arbitraries.of("", " ", " ", "\t", "\n", "\u00a0");
    var token =
        Arbitraries.frequencyOf(
            Tuple.of(12, Arbitraries.of(TOKENS)),
            Tuple.of(1, Arbitraries.strings().ofMaxLength(3)),
            Tuple.of(1, Arbitraries.strings().numeric().ofMaxLength(30)));
    var soup =
        Combinators.combine(token, separators)
            .as((t, s) -> t + s)
            .list()
            .ofMaxSize(40)
            .map(parts -> String.join("", parts));
    return Arbitraries.frequencyOf(
        Tuple.of(4, wellFormed(4)),
        Tuple.of(3, soup),
        Tuple.of(2, JsonInputs.mutated(wellFormed(3))),
        Tuple.of(1, limits()));
  }

  /** Predicates of the grammar, so that most inputs reach the parser's later productions. */
  private static Arbitrary<String> wellFormed(int depth) {
    var field = Arbitraries.of("id", "type", "categoryId", "status", "attributes.in", "labels");
    var literal =
        Arbitraries.oneOf(
            Arbitraries.of("true", "false", "null", "0", "-1", "30.50", "99999999999999999999"),
            Arbitraries.strings().alpha().ofMaxLength(6).map(s -> "\"" + s + "\""));
    var operator = Arbitraries.of("==", "!=", "<", "<=", ">", ">=");
    Arbitrary<String> comparison =
        Arbitraries.oneOf(
            Combinators.combine(field, operator, Arbitraries.oneOf(literal, field))
                .as((l, o, r) -> l + " " + o + " " + r),
            Combinators.combine(
                    field,
                    Arbitraries.of(" in ", " not in "),
                    literal.list().ofMaxSize(5).map(items -> "[" + String.join(", ", items) + "]"))
                .as((l, o, r) -> l + o + r),
            field);
    if (depth == 0) {
      return comparison;
    }
    var inner = wellFormed(depth - 1);
    return Arbitraries.frequencyOf(
        Tuple.of(3, comparison),
        Tuple.of(1, inner.map(p -> "!" + p)),
        Tuple.of(1, inner.map(p -> "(" + p + ")")),
        Tuple.of(
            2,
            Combinators.combine(inner, Arbitraries.of(" && ", " || "), inner)
                .as((a, o, b) -> a + o + b)));
  }

  /** Inputs at and past the limits: length, nodes, nesting and list items. */
  private static Arbitrary<String> limits() {
    var n = Arbitraries.integers().between(1, 2100);
    return Arbitraries.oneOf(
        n.map(i -> "(".repeat(i) + "x" + ")".repeat(i)),
        n.map(i -> "!".repeat(i) + "x"),
        n.map(i -> "x" + " && x".repeat(i)),
        n.map(i -> "x in [" + "1,".repeat(i) + "1]"),
        n.map(i -> "x == \"" + "a".repeat(i) + "\""),
        n.map(i -> "x == " + "9".repeat(i)));
  }

  @Provide
  Arbitrary<EntitySnapshot> entities() {
    Arbitrary<Object> scalar =
        Arbitraries.oneOf(
            Arbitraries.strings().alpha().ofMaxLength(6).map(s -> (Object) s),
            JsonInputs.numbers().map(s -> (Object) new BigDecimal(s)),
            Arbitraries.<Object>of(Boolean.TRUE, Boolean.FALSE, Optional.empty()));
    Arbitrary<Object> value =
        Arbitraries.frequencyOf(
            Tuple.of(4, scalar), Tuple.of(1, scalar.list().ofMaxSize(4).map(List::copyOf)));
    var optionalText = Arbitraries.strings().alpha().ofMaxLength(4).optional();
    return Combinators.combine(
            Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(4),
            optionalText,
            optionalText,
            Arbitraries.maps(Arbitraries.of("status", "estimate", "labels", "in", "id", "x"), value)
                .ofMaxSize(5))
        .as(
            (id, type, category, attributes) ->
                new EntitySnapshot(id, type, category, Map.copyOf(attributes)));
  }
}
