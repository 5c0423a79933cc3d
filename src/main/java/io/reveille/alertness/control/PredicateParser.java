package io.reveille.alertness.control;

import static io.reveille.alertness.control.SubscriptionPredicate.MAX_DEPTH;
import static io.reveille.alertness.control.SubscriptionPredicate.MAX_LENGTH;
import static io.reveille.alertness.control.SubscriptionPredicate.MAX_LIST_ITEMS;
import static io.reveille.alertness.control.SubscriptionPredicate.MAX_NODES;

import io.reveille.alertness.control.PredicateNode.Comparison;
import io.reveille.alertness.control.PredicateNode.Operand;
import io.reveille.platform.error.InvalidInputException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;

/**
 * Recursive-descent parser of the {@link SubscriptionPredicate} language (grammar and limits
 * there). Hand-written so that nothing but this grammar can ever be evaluated, and so that every
 * error can say where it is and what would have been accepted there. Positions count characters
 * from 1.
 *
 * <p>One piece: the grammar's productions call each other recursively and share one cursor.
 */
final class PredicateParser {

  private static final String FIELD = "predicate";
  private static final String VALUE =
      "a value (a field such as status or attributes.status, a string, a number, true, false or"
          + " null)";
  private static final String CONDITION =
      "a condition (a comparison such as status == \"open\", '!' or '(')";
  private static final String OPERATOR =
      "a comparison operator (==, !=, <, <=, >, >=, in or not in)";
  private static final String LITERAL = "a literal (a string, a number, true, false or null)";

  private final String text;
  private final List<Token> tokens;
  private int next;
  private int nodes;
  private int depth;

  private PredicateParser(String text, List<Token> tokens) {
    this.text = text;
    this.tokens = tokens;
  }

  static PredicateNode parse(String text) {
    if (text.length() > MAX_LENGTH) {
      throw error("at most " + MAX_LENGTH + " characters allowed, but it has " + text.length());
    }
    var parser = new PredicateParser(text, new Lexer(text).tokens());
    var root = parser.or();
    var end = parser.peek();
    if (end.kind != Kind.END) {
      throw parser.expected("'&&', '||' or the end of the predicate", end);
    }
    return root;
  }

  private PredicateNode or() {
    var first = and();
    if (peek().kind != Kind.OR) {
      return first;
    }
    var conditions = new ArrayList<PredicateNode>();
    conditions.add(first);
    count(peek());
    while (peek().kind == Kind.OR) {
      take();
      conditions.add(and());
    }
    return new PredicateNode.Or(List.copyOf(conditions));
  }

  private PredicateNode and() {
    var first = unary();
    if (peek().kind != Kind.AND) {
      return first;
    }
    var conditions = new ArrayList<PredicateNode>();
    conditions.add(first);
    count(peek());
    while (peek().kind == Kind.AND) {
      take();
      conditions.add(unary());
    }
    return new PredicateNode.And(List.copyOf(conditions));
  }

  private PredicateNode unary() {
    var token = peek();
    if (token.kind == Kind.NOT) {
      take();
      count(token);
      enter(token);
      var condition = unary();
      depth--;
      return new PredicateNode.Not(condition);
    }
    if (token.kind == Kind.OPEN) {
      take();
      enter(token);
      var condition = or();
      var close = peek();
      if (close.kind != Kind.CLOSE) {
        throw expected(
            "'&&', '||' or ')' (to close the '(' at position " + token.position + ")", close);
      }
      take();
      depth--;
      return condition;
    }
    return comparison();
  }

  private PredicateNode comparison() {
    var leftToken = peek();
    var left = operand(CONDITION);
    var token = peek();
    var comparison = comparisonOf(token.kind);
    if (comparison != null) {
      take();
      count(token);
      var right = operand(VALUE);
      return new PredicateNode.Compare(left, comparison, right);
    }
    if (token.kind == Kind.IN || token.kind == Kind.NOT_KEYWORD) {
      take();
      count(token);
      var negated = token.kind == Kind.NOT_KEYWORD;
      if (negated) {
        var in = peek();
        if (in.kind != Kind.IN) {
          throw expected("'in' after 'not'", in);
        }
        take();
      }
      return new PredicateNode.In(left, list(), negated);
    }
    if (leftToken.kind == Kind.NAME
        || leftToken.kind == Kind.TRUE
        || leftToken.kind == Kind.FALSE) {
      return new PredicateNode.IsTrue(left);
    }
    throw expected(OPERATOR + " after " + leftToken.describe(), token);
  }

  private Operand operand(String expectation) {
    var token = peek();
    Operand operand =
        switch (token.kind) {
          case STRING -> new PredicateNode.Literal(token.value);
          case NUMBER -> new PredicateNode.Literal(token.value);
          case TRUE -> new PredicateNode.Literal(Boolean.TRUE);
          case FALSE -> new PredicateNode.Literal(Boolean.FALSE);
          case NULL -> new PredicateNode.Literal(null);
          case NAME -> field(token);
          case OPEN_LIST ->
              throw error(
                  "unexpected '[' at position "
                      + token.position
                      + ": a list is only allowed after 'in' or 'not in'");
          default -> throw expected(expectation, token);
        };
    if (token.kind != Kind.NAME) {
      take();
    }
    count(token);
    return operand;
  }

  private Operand field(Token name) {
    take();
    var text = (String) name.value;
    switch (text) {
      case "id":
        return new PredicateNode.EntityIdField();
      case "type":
        return new PredicateNode.TypeField();
      case "categoryId":
        return new PredicateNode.CategoryIdField();
      case "attributes":
        var dot = peek();
        if (dot.kind != Kind.DOT) {
          throw expected("'.' and an attribute name after 'attributes'", dot);
        }
        take();
        var attribute = peek();
        if (!attribute.isWord()) {
          throw expected("an attribute name after 'attributes.'", attribute);
        }
        take();
        refuseNestedPath();
        return new PredicateNode.Attribute(attribute.text);
      default:
        refuseNestedPath();
        return new PredicateNode.Attribute(text);
    }
  }

  private void refuseNestedPath() {
    var dot = peek();
    if (dot.kind == Kind.DOT) {
      throw error(
          "unexpected '.' at position "
              + dot.position
              + ": attribute values have no fields to select; expected "
              + OPERATOR
              + ", '&&', '||', ')' or the end of the predicate");
    }
  }

  private java.util.Set<Object> list() {
    var open = peek();
    if (open.kind != Kind.OPEN_LIST) {
      throw expected("'[' to start the list", open);
    }
    take();
    var keys = new HashSet<>();
    if (peek().kind == Kind.CLOSE_LIST) {
      take();
      return Collections.emptySet();
    }
    var items = 0;
    while (true) {
      var item = peek();
      Object value =
          switch (item.kind) {
            case STRING, NUMBER -> item.value;
            case TRUE -> Boolean.TRUE;
            case FALSE -> Boolean.FALSE;
            case NULL -> null;
            default -> throw expected(LITERAL + " as a list item", item);
          };
      take();
      if (++items > MAX_LIST_ITEMS) {
        throw error(
            "more than "
                + MAX_LIST_ITEMS
                + " items in the list starting at position "
                + open.position
                + ": item "
                + items
                + " is at position "
                + item.position);
      }
      count(item);
      keys.add(PredicateNode.key(value));
      var separator = peek();
      if (separator.kind == Kind.CLOSE_LIST) {
        take();
        return Collections.unmodifiableSet(keys);
      }
      if (separator.kind != Kind.COMMA) {
        throw expected(
            "',' or ']' (to close the list opened at position " + open.position + ")", separator);
      }
      take();
    }
  }

  private static Comparison comparisonOf(Kind kind) {
    return switch (kind) {
      case EQ -> Comparison.EQ;
      case NE -> Comparison.NE;
      case LT -> Comparison.LT;
      case LE -> Comparison.LE;
      case GT -> Comparison.GT;
      case GE -> Comparison.GE;
      default -> null;
    };
  }

  private void count(Token token) {
    if (++nodes > MAX_NODES) {
      throw error(
          "more than "
              + MAX_NODES
              + " operators, operands and list items: the limit is passed at position "
              + token.position);
    }
  }

  private void enter(Token token) {
    if (++depth > MAX_DEPTH) {
      throw error(
          "'(' and '!' nested more than "
              + MAX_DEPTH
              + " levels deep at position "
              + token.position);
    }
  }

  private Token peek() {
    return tokens.get(next);
  }

  private void take() {
    next++;
  }

  private InvalidInputException expected(String expectation, Token found) {
    return error(
        "expected "
            + expectation
            + " at position "
            + found.position
            + " but found "
            + found.describe());
  }

  private static InvalidInputException error(String message) {
    return new InvalidInputException(FIELD, message);
  }

  private enum Kind {
    NAME,
    STRING,
    NUMBER,
    TRUE,
    FALSE,
    NULL,
    IN,
    NOT_KEYWORD,
    EQ,
    NE,
    LT,
    LE,
    GT,
    GE,
    AND,
    OR,
    NOT,
    OPEN,
    CLOSE,
    OPEN_LIST,
    CLOSE_LIST,
    COMMA,
    DOT,
    END
  }

  /**
   * One lexical token: its kind, position (from 1), source text and, for names and literals, its
   * value.
   */
  private record Token(Kind kind, int position, String text, Object value) {

    /** Keywords are still names after {@code attributes.}. */
    boolean isWord() {
      return switch (kind) {
        case NAME, TRUE, FALSE, NULL, IN, NOT_KEYWORD -> true;
        default -> false;
      };
    }

    String describe() {
      return switch (kind) {
        case END -> "the end of the predicate";
        case NAME -> "the name '" + text + "'";
        case STRING -> "the string " + abbreviate(text);
        case NUMBER -> "the number " + text;
        case TRUE, FALSE, NULL, IN, NOT_KEYWORD -> "'" + text + "'";
        default -> "'" + text + "'";
      };
    }

    private static String abbreviate(String text) {
      return text.length() <= 40 ? text : text.substring(0, 37) + "...";
    }
  }

  /** Splits the text into tokens; the last one is always {@link Kind#END}. */
  private static final class Lexer {

    private final String text;
    private final List<Token> tokens = new ArrayList<>();
    private int at;

    Lexer(String text) {
      this.text = text;
    }

    List<Token> tokens() {
      while (true) {
        while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
          at++;
        }
        if (at >= text.length()) {
          tokens.add(new Token(Kind.END, at + 1, "", null));
          return tokens;
        }
        var c = text.charAt(at);
        var start = at;
        if (c == '"') {
          string();
        } else if (isDigit(c) || c == '-') {
          number();
        } else if (isNameStart(c)) {
          while (at < text.length() && isNamePart(text.charAt(at))) {
            at++;
          }
          var name = text.substring(start, at);
          var kind =
              switch (name) {
                case "true" -> Kind.TRUE;
                case "false" -> Kind.FALSE;
                case "null" -> Kind.NULL;
                case "in" -> Kind.IN;
                case "not" -> Kind.NOT_KEYWORD;
                default -> Kind.NAME;
              };
          tokens.add(new Token(kind, start + 1, name, name));
        } else {
          symbol(c);
        }
      }
    }

    private void symbol(char c) {
      var position = at + 1;
      var nextChar = at + 1 < text.length() ? text.charAt(at + 1) : '\0';
      Kind kind;
      var length = 1;
      switch (c) {
        case '=' -> {
          if (nextChar != '=') {
            throw error("single '=' at position " + position + ": expected '==' to compare");
          }
          kind = Kind.EQ;
          length = 2;
        }
        case '!' -> {
          kind = nextChar == '=' ? Kind.NE : Kind.NOT;
          length = nextChar == '=' ? 2 : 1;
        }
        case '<' -> {
          kind = nextChar == '=' ? Kind.LE : Kind.LT;
          length = nextChar == '=' ? 2 : 1;
        }
        case '>' -> {
          kind = nextChar == '=' ? Kind.GE : Kind.GT;
          length = nextChar == '=' ? 2 : 1;
        }
        case '&' -> {
          if (nextChar != '&') {
            throw error("single '&' at position " + position + ": expected '&&'");
          }
          kind = Kind.AND;
          length = 2;
        }
        case '|' -> {
          if (nextChar != '|') {
            throw error("single '|' at position " + position + ": expected '||'");
          }
          kind = Kind.OR;
          length = 2;
        }
        case '(' -> kind = Kind.OPEN;
        case ')' -> kind = Kind.CLOSE;
        case '[' -> kind = Kind.OPEN_LIST;
        case ']' -> kind = Kind.CLOSE_LIST;
        case ',' -> kind = Kind.COMMA;
        case '.' -> kind = Kind.DOT;
        default ->
            throw error(
                "unexpected character "
                    + printable(c)
                    + " at position "
                    + position
                    + ": expected a name, a literal or one of == != < <= > >= && || ! ( ) [ ] ,");
      }
      tokens.add(new Token(kind, position, text.substring(at, at + length), null));
      at += length;
    }

    private void string() {
      var start = at;
      var value = new StringBuilder();
      at++;
      while (true) {
        if (at >= text.length()) {
          throw error(
              "unterminated string starting at position "
                  + (start + 1)
                  + ": expected a closing '\"' before the end of the predicate");
        }
        var c = text.charAt(at);
        if (c == '"') {
          at++;
          break;
        }
        if (c == '\\') {
          var escaped = at + 1 < text.length() ? text.charAt(at + 1) : '\0';
          if (escaped != '"' && escaped != '\\') {
            throw error(
                "unsupported escape at position "
                    + (at + 1)
                    + ": expected \\\" or \\\\ after the backslash");
          }
          value.append(escaped);
          at += 2;
        } else {
          value.append(c);
          at++;
        }
      }
      tokens.add(new Token(Kind.STRING, start + 1, text.substring(start, at), value.toString()));
    }

    private void number() {
      var start = at;
      if (text.charAt(at) == '-') {
        at++;
      }
      digits("'-'");
      if (at < text.length() && text.charAt(at) == '.') {
        at++;
        digits("the decimal point");
      }
      var literal = text.substring(start, at);
      tokens.add(new Token(Kind.NUMBER, start + 1, literal, new BigDecimal(literal)));
    }

    private void digits(String after) {
      if (at >= text.length() || !isDigit(text.charAt(at))) {
        throw error(
            "expected a digit after "
                + after
                + " at position "
                + (at + 1)
                + " but found "
                + (at >= text.length() ? "the end of the predicate" : printable(text.charAt(at))));
      }
      while (at < text.length() && isDigit(text.charAt(at))) {
        at++;
      }
    }

    private static String printable(char c) {
      return Character.isISOControl(c) || Character.isWhitespace(c)
          ? String.format("U+%04X", (int) c)
          : "'" + c + "'";
    }

    private static boolean isDigit(char c) {
      return c >= '0' && c <= '9';
    }

    private static boolean isNameStart(char c) {
      return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_';
    }

    private static boolean isNamePart(char c) {
      return isNameStart(c) || isDigit(c);
    }
  }
}
