package io.reveille.alertness.control;

import io.reveille.alertness.entity.TokenClass;
import io.reveille.notification.control.NotificationBatch;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Splits the raw tokens of a notification batch into semantic keys, subtype tokens and entity ids.
 *
 * <p>Producers mostly send one flat {@code tokens} list (API.md), so the server decides the class
 * of each raw token; a subscription only matches tokens of its own class, which keeps an entity
 * that happens to be called {@code TASK} from waking every agent watching the {@code TASK} key. The
 * rules, in order:
 *
 * <ol>
 *   <li>a token equal to a <em>registered</em> semantic key ({@value #SEMANTIC_KEYS_PROPERTY}) is a
 *       semantic key. Registration, rather than "looks like upper case", keeps ids such as {@code
 *       ABC123} from turning into keys;
 *   <li>a token in subtype-token syntax is a subtype token (see {@link #isSubtypeToken});
 *   <li>everything else is an entity id.
 * </ol>
 *
 * The batch's pre-classified lists ({@code semanticKeys}, {@code subtypeTokens}, {@code entityIds})
 * are taken as given, without these rules: a producer that classifies its own tokens knows better
 * than the server, e.g. for a semantic key not registered here.
 */
@ApplicationScoped
public class TokenClassifier {

  /** The MicroProfile Config property holding the comma-separated registered semantic keys. */
  public static final String SEMANTIC_KEYS_PROPERTY = "reveille.alertness.semantic-keys";

  /** The longest semantic key accepted in the configuration. */
  static final int MAX_SEMANTIC_KEY_LENGTH = 64;

  private Set<String> semanticKeys;

  TokenClassifier() {}

  @Inject
  TokenClassifier(@ConfigProperty(name = SEMANTIC_KEYS_PROPERTY) Optional<String> semanticKeys) {
    this(parseConfig(semanticKeys.orElse("")));
  }

  private TokenClassifier(Set<String> semanticKeys) {
    this.semanticKeys = semanticKeys;
  }

  /**
   * A classifier for the given registered semantic keys.
   *
   * @throws IllegalArgumentException naming the first key that is not an upper-case name ({@code
   *     [A-Z][A-Z0-9_]*}, at most {@value #MAX_SEMANTIC_KEY_LENGTH} characters)
   */
  public static TokenClassifier of(Collection<String> semanticKeys) {
    Objects.requireNonNull(semanticKeys, "semanticKeys");
    var keys = new LinkedHashSet<String>();
    var position = 0;
    for (var key : semanticKeys) {
      position++;
      keys.add(requireSemanticKey(key, "semantic key #" + position));
    }
    return new TokenClassifier(Collections.unmodifiableSet(keys));
  }

  /** The registered semantic keys, in configuration order. */
  public Set<String> semanticKeys() {
    return semanticKeys;
  }

  /**
   * Classifies a batch: its raw {@code tokens} by the rules of this class, its pre-classified lists
   * as given. Within each class the first occurrence decides the order, raw tokens before the
   * pre-classified list of that class.
   */
  public ClassifiedTokens classify(NotificationBatch batch) {
    Objects.requireNonNull(batch, "batch");
    var keys = new LinkedHashSet<String>();
    var subtypes = new LinkedHashSet<String>();
    var ids = new LinkedHashSet<String>();
    for (var token : batch.tokens()) {
      switch (classOf(token)) {
        case SEMANTIC_KEY -> keys.add(token);
        case SUBTYPE_TOKEN -> subtypes.add(token);
        case ENTITY_ID -> ids.add(token);
      }
    }
    keys.addAll(batch.semanticKeys());
    subtypes.addAll(batch.subtypeTokens());
    ids.addAll(batch.entityIds());
    return new ClassifiedTokens(keys, subtypes, ids);
  }

  /** The class a raw (not pre-classified) token falls into. */
  public TokenClass classOf(String rawToken) {
    Objects.requireNonNull(rawToken, "rawToken");
    if (semanticKeys.contains(rawToken)) {
      return TokenClass.SEMANTIC_KEY;
    }
    return isSubtypeToken(rawToken) ? TokenClass.SUBTYPE_TOKEN : TokenClass.ENTITY_ID;
  }

  /**
   * Whether {@code token} has subtype-token syntax:
   *
   * <pre>
   * subtypeToken = name ":" value
   * name         = segment "." segment *( "." segment )     ; at least two segments
   * segment      = lower *( ALPHA / DIGIT / "_" / "-" )     ; lower = "a".."z"
   * value        = 1*( any character but white space and control characters )
   * </pre>
   *
   * For example {@code workout.type:run}, {@code task.status:inProgress} or {@code
   * checklistItem.state:checked}. The name must be namespaced (contain a dot) so that ids with a
   * scheme prefix, such as {@code urn:uuid:…} or {@code task:42}, stay entity ids; the value may
   * itself contain colons.
   */
  public static boolean isSubtypeToken(String token) {
    var colon = token.indexOf(':');
    if (colon < 0 || colon == token.length() - 1) {
      return false;
    }
    var segments = 0;
    var segmentStart = true;
    for (var i = 0; i < colon; i++) {
      var c = token.charAt(i);
      if (segmentStart) {
        if (c < 'a' || c > 'z') {
          return false;
        }
        segments++;
        segmentStart = false;
      } else if (c == '.') {
        segmentStart = true;
      } else if (!isAsciiLetterOrDigit(c) && c != '_' && c != '-') {
        return false;
      }
    }
    if (segmentStart || segments < 2) {
      return false;
    }
    for (var i = colon + 1; i < token.length(); i++) {
      var c = token.charAt(i);
      if (Character.isWhitespace(c) || Character.isISOControl(c) || Character.isSpaceChar(c)) {
        return false;
      }
    }
    return true;
  }

  private static boolean isAsciiLetterOrDigit(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
  }

  /**
   * Parses the configuration value: comma-separated keys, blanks around a comma ignored; an empty
   * value registers none.
   */
  static Set<String> parseConfig(String value) {
    var keys = new LinkedHashSet<String>();
    if (value.isBlank()) {
      return Collections.unmodifiableSet(keys);
    }
    var parts = value.split(",", -1);
    for (var i = 0; i < parts.length; i++) {
      keys.add(
          requireSemanticKey(
              parts[i].strip(), SEMANTIC_KEYS_PROPERTY + ", entry " + (i + 1) + ","));
    }
    return Collections.unmodifiableSet(keys);
  }

  private static String requireSemanticKey(String key, String where) {
    if (key == null) {
      throw new IllegalArgumentException(where + " is null");
    }
    if (key.isEmpty()) {
      throw new IllegalArgumentException(where + " is empty: expected an upper-case name");
    }
    if (key.length() > MAX_SEMANTIC_KEY_LENGTH) {
      throw new IllegalArgumentException(
          where + " is longer than " + MAX_SEMANTIC_KEY_LENGTH + " characters: '" + key + "'");
    }
    for (var i = 0; i < key.length(); i++) {
      var c = key.charAt(i);
      var ok = (c >= 'A' && c <= 'Z') || (i > 0 && ((c >= '0' && c <= '9') || c == '_'));
      if (!ok) {
        throw new IllegalArgumentException(
            where
                + " '"
                + key
                + "' is not a semantic key: character '"
                + c
                + "' at position "
                + (i + 1)
                + " is not allowed; expected an upper-case name such as TASK or DAY_PLAN"
                + " ([A-Z][A-Z0-9_]*)");
      }
    }
    return key;
  }
}
