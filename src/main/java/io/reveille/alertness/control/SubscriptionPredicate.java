package io.reveille.alertness.control;

import io.reveille.notification.control.NotificationBatch;
import io.reveille.platform.error.InvalidInputException;
import java.util.Objects;

/**
 * A subscription's filter on the entities a batch changed, e.g. {@code categoryId == "gym"} or
 * {@code estimate >= 30 && !(status == "DONE")}.
 *
 * <p>Predicates come from users and agents, so the language is deliberately small and evaluated by
 * a hand-written parser and tree walker instead of a scripting engine or Jakarta EL: there is no
 * way to call a method, reach a class or loop, and both parsing and evaluation are bounded by the
 * limits below. An invalid predicate is refused when the subscription is created, with the position
 * of the error, so that a stored predicate always parses.
 *
 * <h2>Language</h2>
 *
 * <pre>
 * predicate  = or
 * or         = and *( "||" and )
 * and        = unary *( "&amp;&amp;" unary )
 * unary      = "!" unary / "(" or ")" / comparison
 * comparison = operand [ ( "==" / "!=" / "&lt;" / "&lt;=" / "&gt;" / "&gt;=" ) operand
 *                      / "in" list / "not" "in" list ]
 * operand    = field / string / number / "true" / "false" / "null"
 * field      = "id" / "type" / "categoryId" / "attributes" "." name / name
 * list       = "[" [ literal *( "," literal ) ] "]"      ; literal = string / number / true / false / null
 * name       = ( ALPHA / "_" ) *( ALPHA / DIGIT / "_" )  ; not a keyword unless after "attributes."
 * string     = DQUOTE *( char / "\" DQUOTE / "\\" ) DQUOTE
 * number     = [ "-" ] 1*DIGIT [ "." 1*DIGIT ]
 * </pre>
 *
 * {@code id}, {@code type} and {@code categoryId} are the snapshot's own fields; any other bare
 * name is shorthand for {@code attributes.<name>} (use {@code attributes.id} for an attribute that
 * is called {@code id}). {@code &&} binds tighter than {@code ||}; {@code !} applies to the
 * comparison or parenthesised condition right after it. An operand without an operator is a
 * condition that holds when its value is {@code true} (e.g. {@code flagged && !archived}); a
 * string, number or {@code null} alone is an error.
 *
 * <h2>Values and comparisons</h2>
 *
 * Values are strings, numbers (compared as {@link java.math.BigDecimal}, so {@code 30 == 30.0}),
 * booleans, {@code null} and lists (attribute values only). A missing attribute, type or category
 * is {@code null}.
 *
 * <ul>
 *   <li>{@code ==} holds for equal values of the same kind (lists element by element) and for
 *       {@code null == null}; values of different kinds are never equal ({@code "30" != 30}).
 *       {@code !=} is its negation, so {@code missing != "x"} holds.
 *   <li>{@code <}, {@code <=}, {@code >}, {@code >=} compare two numbers, or two strings by UTF-16
 *       code units (which orders ISO dates); anything else, {@code null} included, is false.
 *   <li>{@code x in [..]} holds when {@code x} equals one of the items; when {@code x} is a list
 *       attribute, when any of its elements does (so {@code labels in ["urgent"]} asks "has the
 *       label"). {@code not in} is its negation.
 * </ul>
 *
 * <h2>Limits</h2>
 *
 * At most {@value #MAX_LENGTH} characters, {@value #MAX_NODES} nodes (every operator, operand and
 * list item is one), nesting ({@code (} and {@code !}) at most {@value #MAX_DEPTH} deep and {@value
 * #MAX_LIST_ITEMS} items per list. Evaluation visits each node once, and an {@code in} looks its
 * value up in a hash set, so it costs time linear in the predicate (and in the length of a list
 * attribute).
 *
 * <p>Instances are immutable and thread-safe. Two predicates are equal when their texts are, which
 * lets the matcher evaluate a predicate shared by many subscriptions once per entity.
 */
public final class SubscriptionPredicate {

  /** The longest predicate text accepted, the column width of {@code agent_subscriptions}. */
  public static final int MAX_LENGTH = 2000;

  /** The most operators, operands and list items one predicate may have. */
  public static final int MAX_NODES = 200;

  /** The deepest nesting of parentheses and negations. */
  public static final int MAX_DEPTH = 32;

  /** The most items one list literal may have. */
  public static final int MAX_LIST_ITEMS = 100;

  private final String text;
  private final PredicateNode root;

  private SubscriptionPredicate(String text, PredicateNode root) {
    this.text = text;
    this.root = root;
  }

  /**
   * Parses a predicate.
   *
   * @throws InvalidInputException for field {@code predicate}, saying at which character position
   *     (counted from 1) what was expected and what was found
   */
  public static SubscriptionPredicate parse(String text) {
    if (text == null) {
      throw new InvalidInputException("predicate", "must not be null");
    }
    return new SubscriptionPredicate(text, PredicateParser.parse(text));
  }

  /** Whether the changed entity satisfies this predicate. */
  public boolean test(NotificationBatch.EntitySnapshot entity) {
    return root.test(Objects.requireNonNull(entity, "entity"));
  }

  /** The predicate as written. */
  public String text() {
    return text;
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof SubscriptionPredicate that && text.equals(that.text);
  }

  @Override
  public int hashCode() {
    return text.hashCode();
  }

  @Override
  public String toString() {
    return text;
  }
}
