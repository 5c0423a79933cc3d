package io.reveille.alertness.control;

import static io.reveille.platform.Settings.within;

import io.reveille.agent.control.AgentDeleted;
import io.reveille.agent.control.AgentService;
import io.reveille.alertness.entity.AgentSubscription;
import io.reveille.alertness.entity.SubscriptionToken;
import io.reveille.alertness.entity.TokenClass;
import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.error.NotFoundException;
import io.reveille.platform.error.PreconditionFailedException;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.UUID;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Agents' subscriptions: create, list and deactivate what wakes an agent.
 *
 * <p>Each public method is one transaction. Every change also takes the next subscription-index
 * generation in that transaction and stamps the changed row with it; that is how every node's
 * {@link SubscriptionCatalog} learns of the change before it handles the next notification batch
 * (see there for why no change can be missed). Input is checked in full before anything is written,
 * so a rejected request leaves no trace and does not hold the generation lock.
 */
@ApplicationScoped
@Transactional
public class SubscriptionService {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject AgentService agents;

  /** Where a transaction that took a generation is marked ({@link SubscriptionAudience}). */
  @Resource TransactionSynchronizationRegistry transactions;

  @Inject Clock clock;

  @Inject
  @ConfigProperty(name = "reveille.subscriptions.max-per-agent", defaultValue = "100")
  int maxPerAgent;

  /** The most active subscriptions one agent may have ({@code 1..10000}, checked on use). */
  int maxPerAgent() {
    return (int) within("reveille.subscriptions.max-per-agent", maxPerAgent, 1, 10_000);
  }

  /**
   * What a new subscription is made of, as the client sent it: the tokens of each class and an
   * optional predicate. Lists may be {@code null} (none of that class) and may hold {@code null}
   * elements, so that {@link #tokens()} can name the offending position.
   */
  public record NewSubscription(
      List<String> semanticKeys,
      List<String> subtypeTokens,
      List<String> entityIds,
      String predicate) {

    /** The most tokens one class may hold, the same bound for each class. */
    public static final int MAX_TOKENS_PER_CLASS = 100;

    public NewSubscription {
      semanticKeys = copy(semanticKeys);
      subtypeTokens = copy(subtypeTokens);
      entityIds = copy(entityIds);
    }

    /**
     * Every token with its class, checked: at most {@value #MAX_TOKENS_PER_CLASS} per class, each 1
     * to {@value SubscriptionToken#MAX_LENGTH} characters and not blank, no token twice in one
     * class, and at least one token in all.
     *
     * @throws InvalidInputException naming the list ({@code entityIds}) or the element ({@code
     *     semanticKeys[2]})
     */
    public List<SubscriptionToken> tokens() {
      var tokens = new ArrayList<SubscriptionToken>();
      tokens.addAll(checked("semanticKeys", TokenClass.SEMANTIC_KEY, semanticKeys));
      tokens.addAll(checked("subtypeTokens", TokenClass.SUBTYPE_TOKEN, subtypeTokens));
      tokens.addAll(checked("entityIds", TokenClass.ENTITY_ID, entityIds));
      if (tokens.isEmpty()) {
        throw new InvalidInputException(
            "body",
            "a subscription needs at least one token in semanticKeys, subtypeTokens or entityIds");
      }
      return List.copyOf(tokens);
    }

    /**
     * The predicate, parsed; empty when none was given (absent or blank).
     *
     * @throws InvalidInputException on field {@code predicate}, for one that is too long or does
     *     not parse (the parser names the position)
     */
    public Optional<SubscriptionPredicate> parsedPredicate() {
      return predicateText().map(SubscriptionPredicate::parse);
    }

    /** The predicate as it is stored: stripped; empty when none was given. */
    public Optional<String> predicateText() {
      if (predicate == null || predicate.isBlank()) {
        return Optional.empty();
      }
      var text = predicate.strip();
      if (text.length() > AgentSubscription.MAX_PREDICATE_LENGTH) {
        throw new InvalidInputException(
            "predicate",
            "at most "
                + AgentSubscription.MAX_PREDICATE_LENGTH
                + " characters, not "
                + text.length());
      }
      return Optional.of(text);
    }

    private static List<SubscriptionToken> checked(
        String field, TokenClass tokenClass, List<String> values) {
      if (values.size() > MAX_TOKENS_PER_CLASS) {
        throw new InvalidInputException(
            field, "at most " + MAX_TOKENS_PER_CLASS + " tokens, not " + values.size());
      }
      var firstIndex = new HashMap<String, Integer>();
      var tokens = new ArrayList<SubscriptionToken>(values.size());
      for (var i = 0; i < values.size(); i++) {
        var value = values.get(i);
        var path = field + "[" + i + "]";
        if (value == null || value.isBlank() || value.length() > SubscriptionToken.MAX_LENGTH) {
          throw new InvalidInputException(
              path,
              "a token must be 1 to " + SubscriptionToken.MAX_LENGTH + " characters, not blank");
        }
        var earlier = firstIndex.putIfAbsent(value, i);
        if (earlier != null) {
          throw new InvalidInputException(
              path, "duplicate of " + field + "[" + earlier + "] ('" + value + "')");
        }
        tokens.add(SubscriptionToken.of(tokenClass, value));
      }
      return tokens;
    }

    private static List<String> copy(List<String> values) {
      return values == null ? List.of() : Collections.unmodifiableList(new ArrayList<>(values));
    }
  }

  /**
   * Subscribes an agent: the new subscription is active at once and, on every node, part of the
   * index used for the next batch handled after this commits.
   *
   * @throws InvalidInputException for bad tokens or a bad predicate (nothing is written)
   * @throws NotFoundException for an unknown agent
   * @throws ConflictException for a destroyed agent, or one with as many subscriptions as it may
   *     have
   */
  public AgentSubscription create(String agentId, NewSubscription request) {
    var tokens = request.tokens();
    request.parsedPredicate();
    var agent = agents.get(agentId);
    agent.requireNotDestroyed("subscribe it to notifications");
    agents.requireHome(agent, "subscribe it to notifications");
    // Counted under the agent's state lock: two requests cannot both take the last place.
    agents.stateForUpdate(agentId);
    var active =
        em.createNamedQuery("AgentSubscription.countActiveByAgent", Long.class)
            .setParameter("agentId", agentId)
            .getSingleResult();
    if (active >= maxPerAgent()) {
      throw new ConflictException(
          "agent "
              + agentId
              + " has "
              + active
              + " subscriptions, the most one agent may have"
              + " (reveille.subscriptions.max-per-agent); delete one first");
    }
    var subscription =
        new AgentSubscription(
            UUID.randomUUID().toString(),
            agentId,
            tokens,
            request.predicateText().orElse(null),
            clock.instant());
    subscription.stampIndexGeneration(nextGeneration());
    em.persist(subscription);
    em.flush();
    return subscription;
  }

  /** The agent's active subscriptions, oldest first. */
  public List<AgentSubscription> list(String agentId) {
    agents.get(agentId);
    return em.createNamedQuery("AgentSubscription.findActiveByAgent", AgentSubscription.class)
        .setParameter("agentId", agentId)
        .getResultList();
  }

  /**
   * One of the agent's subscriptions, active or not.
   *
   * @throws NotFoundException for an unknown agent, or a subscription that is not this agent's
   */
  public AgentSubscription get(String agentId, String subscriptionId) {
    agents.get(agentId);
    var subscription = em.find(AgentSubscription.class, subscriptionId);
    if (subscription == null || !subscription.getAgentId().equals(agentId)) {
      throw new NotFoundException("subscription", subscriptionId);
    }
    return subscription;
  }

  /**
   * Deactivates one of the agent's subscriptions; the row stays so that wake history that names it
   * stays meaningful. Allowed on a destroyed agent too: removing what wakes it is always safe.
   *
   * @param expectedVersion the client's {@code If-Match}, if it sent one
   * @throws NotFoundException for an unknown agent, or a subscription that is not this agent's or
   *     no longer active
   * @throws PreconditionFailedException when {@code expectedVersion} is not the current version
   */
  public AgentSubscription delete(
      String agentId, String subscriptionId, OptionalLong expectedVersion) {
    var subscription = get(agentId, subscriptionId);
    if (!subscription.isActive()) {
      throw new NotFoundException("active subscription", subscriptionId);
    }
    if (expectedVersion.isPresent() && expectedVersion.getAsLong() != subscription.getVersion()) {
      throw new PreconditionFailedException(
          "subscription "
              + subscriptionId
              + " is at version "
              + subscription.getVersion()
              + ", not "
              + expectedVersion.getAsLong()
              + " (If-Match): reload it and retry");
    }
    // The generation first, as in create: every writer takes the state row's lock before any
    // subscription row's, so two changes never wait for each other in opposite orders.
    var generation = nextGeneration();
    subscription.deactivate(clock.instant());
    subscription.stampIndexGeneration(generation);
    em.flush();
    return subscription;
  }

  /**
   * An agent's deletion cascaded its subscription rows away: record it under the next generation,
   * in the deletion's transaction, so that every node's index drops the agent's entries. Only a
   * destroyed agent can be deleted, and a destroyed agent takes no new subscriptions, so no other
   * writer holds the generation while waiting for the deleted agent's row.
   */
  void onAgentDeleted(@Observes AgentDeleted event) {
    SubscriptionIndexGeneration.recordRemoval(em, event.agentId(), clock.instant());
    SubscriptionAudience.markSubscriptionsChanged(transactions);
  }

  /** Takes the next generation in this transaction and marks the transaction as having one. */
  private long nextGeneration() {
    var generation = SubscriptionIndexGeneration.next(em);
    SubscriptionAudience.markSubscriptionsChanged(transactions);
    return generation;
  }
}
