package io.reveille.alertness.entity;

import static io.reveille.platform.entity.Guards.required;
import static io.reveille.platform.entity.Guards.text;

import io.reveille.platform.error.IllegalTransitionException;
import io.reveille.platform.error.InvalidInputException;
import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashSet;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * What an agent wants to be woken for: a set of notification tokens and an optional predicate on
 * the changed entities.
 *
 * <p>Persisted (rather than rebuilt in memory from agent state, as the seed's MVP did) so that
 * every node can build the same token index at start-up and keep it current. The tokens live in a
 * child table indexed by {@code (token_class, token)} so that a batch finds its candidate
 * subscriptions by lookup. A subscription without tokens could never match, so the constructor
 * refuses it. Deactivation keeps the row (and its history in the wake log meaningful); it is final.
 *
 * <p>The named queries fetch the tokens with the subscription (one statement, not one per row). The
 * {@code indexRows…} queries are projections, not entities: a node's subscription index loads every
 * subscription at start-up, and managed copies of them all would only fill the persistence context
 * of whatever transaction the load joined.
 *
 * <p>{@code indexGeneration} is the subscription-index generation in which the row last changed;
 * nodes bring their in-memory index up to date by loading only the rows stamped after the
 * generation they have applied.
 */
@Entity
@Table(name = "agent_subscriptions")
@NamedQuery(
    name = "AgentSubscription.findByAgent",
    query =
        "SELECT s FROM AgentSubscription s LEFT JOIN FETCH s.tokens"
            + " WHERE s.agentId = :agentId ORDER BY s.createdAt, s.id")
@NamedQuery(
    name = "AgentSubscription.countActiveByAgent",
    query =
        "SELECT COUNT(s) FROM AgentSubscription s WHERE s.agentId = :agentId AND s.active = true")
@NamedQuery(
    name = "AgentSubscription.findActive",
    query =
        "SELECT s FROM AgentSubscription s LEFT JOIN FETCH s.tokens"
            + " WHERE s.active = true ORDER BY s.id")
@NamedQuery(
    name = "AgentSubscription.findActiveByAgent",
    query =
        "SELECT s FROM AgentSubscription s LEFT JOIN FETCH s.tokens"
            + " WHERE s.agentId = :agentId AND s.active = true ORDER BY s.createdAt, s.id")
@NamedQuery(
    name = "AgentSubscription.findActiveByToken",
    query =
        "SELECT DISTINCT s FROM AgentSubscription s LEFT JOIN FETCH s.tokens"
            + " JOIN s.tokens t WHERE s.active = true"
            + " AND t.tokenClass = :tokenClass AND t.token = :token")
@NamedQuery(
    name = "AgentSubscription.indexRowsActiveUpTo",
    query =
        "SELECT s.id, s.agentId, s.predicate, s.active, t.tokenClass, t.token"
            + " FROM AgentSubscription s JOIN s.tokens t"
            + " WHERE s.active = true AND s.indexGeneration <= :upTo ORDER BY s.id")
@NamedQuery(
    name = "AgentSubscription.indexRowsChangedBetween",
    query =
        "SELECT s.id, s.agentId, s.predicate, s.active, t.tokenClass, t.token"
            + " FROM AgentSubscription s JOIN s.tokens t"
            + " WHERE s.indexGeneration > :after AND s.indexGeneration <= :upTo ORDER BY s.id")
public class AgentSubscription {

  /** The longest predicate expression accepted. */
  public static final int MAX_PREDICATE_LENGTH = 2000;

  @Id
  @Column(name = "id", length = 64)
  private String id;

  @Column(name = "agent_id", length = 64, nullable = false, updatable = false)
  private String agentId;

  @ElementCollection(fetch = FetchType.EAGER)
  @CollectionTable(
      name = "agent_subscription_tokens",
      joinColumns = @JoinColumn(name = "subscription_id"))
  private Set<SubscriptionToken> tokens = new LinkedHashSet<>();

  @Column(name = "predicate", length = MAX_PREDICATE_LENGTH)
  private String predicate;

  @Column(name = "active", nullable = false)
  private boolean active;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "updated_at", nullable = false)
  private Instant updatedAt;

  @Column(name = "index_generation", nullable = false)
  private long indexGeneration;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  protected AgentSubscription() {}

  /**
   * An active subscription.
   *
   * @param tokens at least one token; duplicates collapse
   * @param predicate an optional filter on the changed entities, {@code null} or blank for none
   * @throws InvalidInputException without tokens or with a predicate over {@value
   *     #MAX_PREDICATE_LENGTH} characters
   */
  public AgentSubscription(
      String id,
      String agentId,
      Collection<SubscriptionToken> tokens,
      String predicate,
      Instant now) {
    this.id = text("id", id, 64);
    this.agentId = text("agentId", agentId, 64);
    if (tokens == null || tokens.isEmpty()) {
      throw new InvalidInputException(
          "tokens", "a subscription needs at least one semantic key, subtype token or entity id");
    }
    if (tokens.stream().anyMatch(Objects::isNull)) {
      throw new InvalidInputException("tokens", "must not contain null");
    }
    this.tokens = new LinkedHashSet<>(tokens);
    if (predicate != null && predicate.length() > MAX_PREDICATE_LENGTH) {
      throw new InvalidInputException(
          "predicate", "at most " + MAX_PREDICATE_LENGTH + " characters");
    }
    this.predicate = predicate == null || predicate.isBlank() ? null : predicate;
    this.createdAt = required("createdAt", now);
    this.updatedAt = now;
    this.active = true;
  }

  /** active → inactive: the subscription no longer wakes its agent. */
  public void deactivate(Instant now) {
    required("updatedAt", now);
    if (!active) {
      throw new IllegalTransitionException("subscription " + id, "inactive", "inactive");
    }
    active = false;
    updatedAt = now;
  }

  /**
   * Records that this subscription changed in subscription-index generation {@code generation}, the
   * value its transaction has just taken from {@code subscription_index_state}. Generations only
   * grow, so a stamp that does not is a caller that skipped taking a new generation.
   */
  public void stampIndexGeneration(long generation) {
    if (generation <= indexGeneration) {
      throw new IllegalArgumentException(
          "subscription "
              + id
              + " is stamped with index generation "
              + indexGeneration
              + "; a change needs a newer one, not "
              + generation);
    }
    indexGeneration = generation;
  }

  public String getId() {
    return id;
  }

  public String getAgentId() {
    return agentId;
  }

  /** Every token, unmodifiable. */
  public Set<SubscriptionToken> getTokens() {
    return Collections.unmodifiableSet(tokens);
  }

  /** The tokens of one class, unmodifiable (in no particular order once loaded). */
  public Set<String> getTokens(TokenClass tokenClass) {
    return tokens.stream()
        .filter(token -> token.getTokenClass() == tokenClass)
        .map(SubscriptionToken::getToken)
        .collect(
            Collectors.collectingAndThen(
                Collectors.toCollection(LinkedHashSet::new), Collections::unmodifiableSet));
  }

  public Set<String> getSemanticKeys() {
    return getTokens(TokenClass.SEMANTIC_KEY);
  }

  public Set<String> getSubtypeTokens() {
    return getTokens(TokenClass.SUBTYPE_TOKEN);
  }

  public Set<String> getEntityIds() {
    return getTokens(TokenClass.ENTITY_ID);
  }

  /** The predicate expression, or {@code null} when every matching batch wakes the agent. */
  public String getPredicate() {
    return predicate;
  }

  public boolean isActive() {
    return active;
  }

  public Instant getCreatedAt() {
    return createdAt;
  }

  public Instant getUpdatedAt() {
    return updatedAt;
  }

  public long getIndexGeneration() {
    return indexGeneration;
  }

  public long getVersion() {
    return version;
  }
}
