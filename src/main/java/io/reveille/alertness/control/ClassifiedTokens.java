package io.reveille.alertness.control;

import io.reveille.alertness.entity.TokenClass;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The tokens of one notification batch, split into the three classes a subscription can watch.
 *
 * <p>A token only ever matches a subscription token of the same class, so the classes are kept
 * apart rather than as one set of strings: the same text may be a semantic key in one batch and an
 * entity id in another. Each set keeps the order in which the batch first named its tokens, which
 * makes the tokens a wake carries (and its run log entry) reproducible from the batch.
 *
 * @param semanticKeys coarse change signals such as {@code TASK}
 * @param subtypeTokens typed tokens such as {@code workout.type:run}
 * @param entityIds ids of changed entities
 */
public record ClassifiedTokens(
    Set<String> semanticKeys, Set<String> subtypeTokens, Set<String> entityIds) {

  private static final ClassifiedTokens EMPTY = new ClassifiedTokens(Set.of(), Set.of(), Set.of());

  /** Copies each set into an unmodifiable one that keeps the given iteration order. */
  public ClassifiedTokens {
    semanticKeys = ordered("semanticKeys", semanticKeys);
    subtypeTokens = ordered("subtypeTokens", subtypeTokens);
    entityIds = ordered("entityIds", entityIds);
  }

  /** No tokens at all: a batch like this can match no subscription. */
  public static ClassifiedTokens empty() {
    return EMPTY;
  }

  /** The tokens of one class. */
  public Set<String> of(TokenClass tokenClass) {
    return switch (Objects.requireNonNull(tokenClass, "tokenClass")) {
      case SEMANTIC_KEY -> semanticKeys;
      case SUBTYPE_TOKEN -> subtypeTokens;
      case ENTITY_ID -> entityIds;
    };
  }

  /** Whether the batch carries {@code token} in {@code tokenClass}. */
  public boolean contains(TokenClass tokenClass, String token) {
    return of(tokenClass).contains(token);
  }

  public boolean isEmpty() {
    return semanticKeys.isEmpty() && subtypeTokens.isEmpty() && entityIds.isEmpty();
  }

  /** The number of tokens over all classes (a text present in two classes counts twice). */
  public int size() {
    return semanticKeys.size() + subtypeTokens.size() + entityIds.size();
  }

  /**
   * Every token: semantic keys, then subtype tokens, then entity ids, each in first-seen order. A
   * text present in two classes appears once, at its first place.
   */
  public List<String> all() {
    var all = new LinkedHashSet<String>(semanticKeys);
    all.addAll(subtypeTokens);
    all.addAll(entityIds);
    return List.copyOf(all);
  }

  /**
   * These tokens without the given entity ids; semantic keys and subtype tokens stay. This is how
   * an agent's own recent writes are kept from waking it: only the ids of the entities it changed
   * are known to be its own, a coarse key like {@code TASK} is not.
   */
  public ClassifiedTokens withoutEntityIds(Collection<String> suppressed) {
    Objects.requireNonNull(suppressed, "suppressed");
    if (suppressed.isEmpty() || entityIds.isEmpty()) {
      return this;
    }
    var lookup = suppressed instanceof Set<?> set ? set : new HashSet<>(suppressed);
    var kept = new ArrayList<String>(entityIds.size());
    for (var id : entityIds) {
      if (!lookup.contains(id)) {
        kept.add(id);
      }
    }
    return kept.size() == entityIds.size()
        ? this
        : new ClassifiedTokens(semanticKeys, subtypeTokens, new LinkedHashSet<>(kept));
  }

  private static Set<String> ordered(String name, Set<String> tokens) {
    Objects.requireNonNull(tokens, name);
    var copy = new LinkedHashSet<String>(tokens.size() * 2);
    for (var token : tokens) {
      copy.add(Objects.requireNonNull(token, () -> name + " must not contain null"));
    }
    return Collections.unmodifiableSet(copy);
  }
}
