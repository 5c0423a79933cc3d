package io.reveille.agent.control;

import io.reveille.agent.entity.Agent;
import io.reveille.agent.entity.AgentConfig;
import io.reveille.agent.entity.AgentKind;
import io.reveille.agent.entity.AgentLifecycle;
import io.reveille.agent.entity.AgentLink;
import io.reveille.agent.entity.AgentLinkType;
import io.reveille.agent.entity.AgentMode;
import io.reveille.agent.entity.AgentSlots;
import io.reveille.agent.entity.AgentState;
import io.reveille.platform.Site;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.error.NotFoundException;
import io.reveille.platform.error.PreconditionFailedException;
import io.reveille.platform.persistence.Window;
import io.reveille.platform.persistence.Window.Page;
import jakarta.annotation.Resource;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Event;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.FlushModeType;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Status;
import jakarta.transaction.TransactionSynchronizationRegistry;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.UUID;
import java.util.function.BiConsumer;

/**
 * The agent lifecycle: create, inspect, change, pause, resume, destroy and delete agents.
 *
 * <p>Each public method is one transaction. Concurrency is optimistic: an explicit expected version
 * (the client's {@code If-Match}) that no longer matches is refused before anything changes, and a
 * concurrent commit that slips between read and write is caught by {@code @Version} at flush; both
 * leave the agent as the winner wrote it. Illegal lifecycle moves are refused by the entity.
 *
 * <p>Every call that changes something announces it in one agent-domain batch ({@link
 * AgentNotifications}), inside its transaction.
 */
@ApplicationScoped
@Transactional
public class AgentService {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject Clock clock;

  /** Where a transaction keeps the agent states it locked, so that each is locked once. */
  @Resource TransactionSynchronizationRegistry transactions;

  private static final String LOCKED_STATE = AgentService.class.getName() + ".locked:";

  @Inject AgentNotifications notifications;

  @Inject Event<AgentDeleted> deleted;
  @Inject Event<AgentCreated> created;
  @Inject Site site;
  @Inject Event<AgentLifecycleChanged> lifecycleChanged;

  /** What a new agent is made of; validated and typed by the boundary. */
  public record NewAgent(
      AgentKind kind,
      String displayName,
      AgentMode mode,
      AgentLifecycle initialLifecycle,
      Set<String> allowedCategoryIds,
      AgentConfig config,
      AgentSlots slots) {
    /**
     * An active, autonomous {@code custom} agent with no category scope, config or slots: what a
     * bare request for a custom agent gets.
     */
    public static NewAgent custom(String displayName) {
      return new NewAgent(
          AgentKind.CUSTOM,
          displayName,
          AgentMode.AUTONOMOUS,
          AgentLifecycle.ACTIVE,
          Set.of(),
          AgentConfig.empty(),
          AgentSlots.empty());
    }

    public NewAgent {
      Objects.requireNonNull(kind, "kind");
      Objects.requireNonNull(displayName, "displayName");
      Objects.requireNonNull(mode, "mode");
      Objects.requireNonNull(initialLifecycle, "initialLifecycle");
      allowedCategoryIds = Set.copyOf(allowedCategoryIds);
      Objects.requireNonNull(config, "config");
      Objects.requireNonNull(slots, "slots");
    }
  }

  /** A partial update; an empty field stays as it is. */
  public record AgentChanges(
      Optional<String> displayName,
      Optional<Set<String>> allowedCategoryIds,
      Optional<AgentConfig> config,
      Optional<AgentSlots> slots) {}

  /** An agent together with its durable state, as one consistent read. */
  public record AgentView(Agent agent, AgentState state) {}

  /**
   * A thread named over the API for {@code agentId}, stripped; empty when none is named.
   *
   * @throws InvalidInputException naming {@code threadId} when it is not one of the agent's threads
   *     (they start with its id and ':')
   */
  public static Optional<String> threadOf(String agentId, String threadId) {
    var thread = Optional.ofNullable(threadId).map(String::strip).filter(t -> !t.isEmpty());
    if (thread.isPresent() && !thread.get().startsWith(agentId + ":")) {
      throw new InvalidInputException(
          "threadId", "must be one of this agent's threads, which start with its id and ':'");
    }
    return thread;
  }

  /** Creates the agent, its state and the agent→state link in one transaction. */
  public AgentView create(NewAgent request) {
    var now = clock.instant();
    var agentId = UUID.randomUUID().toString();
    var agent =
        new Agent(
            agentId,
            request.kind(),
            request.displayName(),
            request.mode(),
            request.allowedCategoryIds(),
            request.config(),
            now);
    if (request.initialLifecycle() == AgentLifecycle.ACTIVE) {
      agent.activate(now);
    }
    site.hostId().ifPresent(agent::homedAt);
    var state = new AgentState(UUID.randomUUID().toString(), agentId, request.slots(), now);
    em.persist(agent);
    em.persist(state);
    em.persist(
        new AgentLink(
            UUID.randomUUID().toString(), agentId, state.getId(), AgentLinkType.AGENT_STATE, now));
    em.flush();
    notifications.agentCreated(agent);
    created.fire(new AgentCreated(agent, state));
    return new AgentView(agent, state);
  }

  /**
   * Takes in an agent another site created, under its id and creation time, in lifecycle {@code
   * created}, with its state and the agent→state link as {@link #create} writes them; not
   * announced, so nothing here wakes for it. Does nothing and returns false when the agent is here
   * already (a record applied twice).
   */
  public boolean takeIn(Agent agent, AgentSlots slots) {
    if (em.find(Agent.class, agent.getId()) != null) {
      return false;
    }
    var now = agent.getCreatedAt();
    var state = new AgentState(UUID.randomUUID().toString(), agent.getId(), slots, now);
    em.persist(agent);
    em.persist(state);
    em.persist(
        new AgentLink(
            UUID.randomUUID().toString(),
            agent.getId(),
            state.getId(),
            AgentLinkType.AGENT_STATE,
            now));
    em.flush();
    return true;
  }

  public Optional<Agent> find(String agentId) {
    return Optional.ofNullable(em.find(Agent.class, agentId));
  }

  /**
   * Reads the agents {@code agentIds} in one statement, their categories with them, into the
   * caller's persistence context, where {@link #find} then answers without a statement: for a batch
   * that works on many agents at once (the timer clock's), after it has locked their states.
   */
  public void load(Collection<String> agentIds) {
    if (agentIds.isEmpty()) {
      return;
    }
    em.createNamedQuery("Agent.load", Agent.class)
        .setParameter("ids", agentIds)
        .setFlushMode(FlushModeType.COMMIT)
        .getResultList();
  }

  public Agent get(String agentId) {
    return find(agentId).orElseThrow(() -> new NotFoundException("agent", agentId));
  }

  public AgentView view(String agentId) {
    return new AgentView(get(agentId), state(agentId));
  }

  public AgentState state(String agentId) {
    get(agentId);
    // A list, never getResultStream(): an unclosed stream keeps its cursor open, and Derby keeps
    // a shared lock on the cursor's row until the transaction ends, blocking concurrent writers.
    return em
        .createNamedQuery("AgentState.findByAgentId", AgentState.class)
        .setParameter("agentId", agentId)
        .getResultList()
        .stream()
        .findFirst()
        .orElseThrow(() -> new NotFoundException("agent state", agentId));
  }

  /**
   * The agent's state, locked against other writers until this transaction ends. The wake scheduler
   * and the wake runner both take this lock before they touch an agent's wake bookkeeping, so they
   * queue behind each other instead of failing on {@code @Version} and forcing a redelivery.
   * Callers that lock several agents lock them in agent-id order.
   */
  public AgentState stateForUpdate(String agentId) {
    get(agentId);
    return lockState(agentId).orElseThrow(() -> new NotFoundException("agent state", agentId));
  }

  /**
   * {@link #lockState Locks the states} of {@code agentIds}, in agent-id order as every transaction
   * that locks several agents takes them, and returns those that exist by agent id. With {@code
   * inOneStatement} (PostgreSQL, which locks the rows in the order its query returns them) one
   * statement locks them all; else (Apache Derby, which refuses {@code FOR UPDATE} with {@code
   * ORDER BY}) one statement each.
   */
  public Map<String, AgentState> lockStates(Collection<String> agentIds, boolean inOneStatement) {
    var sorted = agentIds.stream().distinct().sorted().toList();
    var locked = new LinkedHashMap<String, AgentState>();
    var inTransaction =
        transactions != null && transactions.getTransactionStatus() == Status.STATUS_ACTIVE;
    if (!inOneStatement || !inTransaction || sorted.size() < 2) {
      sorted.forEach(agentId -> lockState(agentId).ifPresent(s -> locked.put(agentId, s)));
      return locked;
    }
    for (var state :
        em.createNamedQuery("AgentState.findByAgentIdsInOrder", AgentState.class)
            .setParameter("agentIds", sorted)
            .setLockMode(LockModeType.PESSIMISTIC_WRITE)
            .getResultList()) {
      locked.put(state.getAgentId(), state);
      transactions.putResource(LOCKED_STATE + state.getAgentId(), state);
    }
    return locked;
  }

  /**
   * As {@link #stateForUpdate}, without reading the agent first: empty when the agent has no state
   * (it is gone). A caller that reads the agent and its rows only after this lock, in a persistence
   * context that holds none of them yet, reads what committed before the lock and needs no refresh.
   */
  public Optional<AgentState> lockState(String agentId) {
    var key = LOCKED_STATE + agentId;
    var inTransaction =
        transactions != null && transactions.getTransactionStatus() == Status.STATUS_ACTIVE;
    if (inTransaction
        && transactions.getResource(key) instanceof AgentState locked
        && em.contains(locked)) {
      // Locked earlier in this transaction and still the managed instance: the lock holds until
      // the transaction ends, and the query would only hand back this same instance.
      return Optional.of(locked);
    }
    var state =
        em
            .createNamedQuery("AgentState.findByAgentId", AgentState.class)
            .setParameter("agentId", agentId)
            .setLockMode(LockModeType.PESSIMISTIC_WRITE)
            .getResultList()
            .stream()
            .findFirst();
    if (inTransaction) {
      state.ifPresent(locked -> transactions.putResource(key, locked));
    }
    return state;
  }

  /**
   * A page of the agents, newest first, optionally of one lifecycle or kind, or whose display name
   * contains {@code name} (ignoring case).
   */
  public Page<Agent> list(
      Optional<AgentLifecycle> lifecycle,
      Optional<AgentKind> kind,
      Optional<String> name,
      Window window) {
    // Criteria rather than "(:p IS NULL OR ...)": Derby rejects untyped parameters in IS NULL.
    var cb = em.getCriteriaBuilder();
    var query = cb.createQuery(Agent.class);
    var agent = query.from(Agent.class);
    var filters = new java.util.ArrayList<jakarta.persistence.criteria.Predicate>();
    lifecycle.ifPresent(value -> filters.add(cb.equal(agent.get("lifecycle"), value)));
    kind.ifPresent(value -> filters.add(cb.equal(agent.get("kind"), value)));
    name.ifPresent(
        value ->
            filters.add(
                cb.like(
                    cb.lower(agent.get("displayName")),
                    "%" + likeLiteral(value.toLowerCase(java.util.Locale.ROOT)) + "%",
                    '\\')));
    query
        .where(filters.toArray(jakarta.persistence.criteria.Predicate[]::new))
        .orderBy(cb.desc(agent.get("createdAt")), cb.asc(agent.get("id")));
    return window.read(em.createQuery(query));
  }

  /**
   * The agents made from {@code templateId} that are not destroyed, oldest first, at most {@code
   * limit}.
   */
  public java.util.List<Agent> madeFrom(String templateId, int limit) {
    return em.createQuery(
            "SELECT a FROM Agent a WHERE a.templateId = :template AND a.lifecycle <> :destroyed"
                + " ORDER BY a.createdAt, a.id",
            Agent.class)
        .setParameter("template", templateId)
        .setParameter("destroyed", AgentLifecycle.DESTROYED)
        .setMaxResults(limit)
        .getResultList();
  }

  /** The states of these agents, by agent id: one query for a page of agents. */
  public java.util.Map<String, AgentState> states(java.util.Collection<String> agentIds) {
    if (agentIds.isEmpty()) {
      return java.util.Map.of();
    }
    return em
        .createQuery("SELECT s FROM AgentState s WHERE s.agentId IN :ids", AgentState.class)
        .setParameter("ids", agentIds)
        .getResultList()
        .stream()
        .collect(java.util.stream.Collectors.toMap(AgentState::getAgentId, s -> s));
  }

  /** {@code text} matched literally by LIKE with {@code \} as the escape character. */
  static String likeLiteral(String text) {
    return text.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_");
  }

  public AgentView update(String agentId, OptionalLong expectedVersion, AgentChanges changes) {
    stateForUpdate(agentId);
    var agent = current(agentId, expectedVersion);
    var state = state(agentId);
    var agentVersion = agent.getVersion();
    var stateVersion = state.getVersion();
    var now = clock.instant();
    changes.displayName().ifPresent(name -> agent.rename(name, now));
    changes.allowedCategoryIds().ifPresent(ids -> agent.restrictToCategories(ids, now));
    changes.config().ifPresent(config -> agent.reconfigure(config, now));
    changes
        .slots()
        .ifPresent(
            slots -> {
              agent.requireNotDestroyed("update slots");
              state.replaceSlots(slots, now);
              // The agent's version is the ETag clients hold: a slots change must move it too.
              agent.touch(now);
            });
    em.flush();
    // The flush moved the versions of what it wrote: nothing written, nothing to announce.
    if (agent.getVersion() != agentVersion || state.getVersion() != stateVersion) {
      notifications.agentChanged(
          agent, state.getVersion() != stateVersion ? Optional.of(state) : Optional.empty());
    }
    return new AgentView(agent, state);
  }

  public Agent pause(String agentId, OptionalLong expectedVersion) {
    return pause(agentId, expectedVersion, Optional.empty());
  }

  /** Pauses the agent; {@code actor} names the principal who asked, when one did. */
  public Agent pause(String agentId, OptionalLong expectedVersion, Optional<String> actor) {
    return transition(agentId, expectedVersion, Agent::pause, actor);
  }

  /**
   * Pauses an active agent until {@code until} for {@code reason}, the server's doing (e.g. its
   * daily token quota is spent): it wakes again on its own from then on ({@link Agent#resumesBy}).
   */
  public Agent pauseUntil(String agentId, String reason, java.time.Instant until) {
    return transition(
        agentId,
        OptionalLong.empty(),
        (agent, now) -> agent.pauseUntil(now, reason, until),
        Optional.empty());
  }

  public Agent resume(String agentId, OptionalLong expectedVersion) {
    return resume(agentId, expectedVersion, Optional.empty());
  }

  public Agent resume(String agentId, OptionalLong expectedVersion, Optional<String> actor) {
    return transition(agentId, expectedVersion, Agent::resume, actor);
  }

  public Agent destroy(String agentId, OptionalLong expectedVersion) {
    return destroy(agentId, expectedVersion, Optional.empty());
  }

  public Agent destroy(String agentId, OptionalLong expectedVersion, Optional<String> actor) {
    return transition(agentId, expectedVersion, Agent::destroy, actor);
  }

  /**
   * Refuses {@code action} on an agent that lives on another site (see {@link Agent#requireHome}).
   *
   * @throws io.reveille.platform.error.ConflictException on another site than its home
   */
  public void requireHome(Agent agent, String action) {
    agent.requireHome(site.hostId(), action);
  }

  /**
   * Removes a destroyed agent and everything it owns for good. The schema's cascading foreign keys
   * remove the rows that reference the agent; links are keyed by id, so they go explicitly.
   */
  public void delete(String agentId, OptionalLong expectedVersion) {
    var agent = current(agentId, expectedVersion);
    agent.requireDeletable();
    em.createNamedQuery("AgentLink.deleteByEndpoint").setParameter("id", agentId).executeUpdate();
    em.remove(agent);
    em.flush();
    deleted.fire(new AgentDeleted(agentId));
    notifications.agentDeleted(agent);
  }

  private Agent transition(
      String agentId,
      OptionalLong expectedVersion,
      BiConsumer<Agent, java.time.Instant> move,
      Optional<String> actor) {
    // The state row first, as the wake runner locks it: a lifecycle move (which may touch the
    // state, e.g. resume forgiving the failure streak) and a completing run never deadlock.
    stateForUpdate(agentId);
    var agent = current(agentId, expectedVersion);
    var from = agent.getLifecycle();
    move.accept(agent, clock.instant());
    em.flush();
    if (from != agent.getLifecycle()) {
      lifecycleChanged.fire(new AgentLifecycleChanged(agentId, from, agent.getLifecycle(), actor));
      notifications.lifecycleChanged(agent);
    }
    return agent;
  }

  private Agent current(String agentId, OptionalLong expectedVersion) {
    var agent = get(agentId);
    agent.requireHome(site.hostId(), "change it");
    if (expectedVersion.isPresent() && expectedVersion.getAsLong() != agent.getVersion()) {
      throw new PreconditionFailedException(
          "agent "
              + agentId
              + " is at version "
              + agent.getVersion()
              + ", not "
              + expectedVersion.getAsLong()
              + " (If-Match): reload it and retry");
    }
    return agent;
  }
}
