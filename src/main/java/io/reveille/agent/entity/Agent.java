package io.reveille.agent.entity;

import static io.reveille.platform.entity.Guards.idArgument;

import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.IllegalTransitionException;
import io.reveille.platform.error.InvalidInputException;
import jakarta.persistence.CollectionTable;
import jakarta.persistence.Column;
import jakarta.persistence.Convert;
import jakarta.persistence.ElementCollection;
import jakarta.persistence.Entity;
import jakarta.persistence.FetchType;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.Collections;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * An agent: its identity, kind, lifecycle, the categories it may touch and its configuration.
 *
 * <p>The lifecycle is {@code created → active ⇄ dormant → destroyed}; each move is a method that
 * refuses the illegal ones, so no caller can put an agent into a state the wake machinery does not
 * expect. A destroyed agent is a tombstone: it can no longer be changed, only deleted. What the
 * agent has learned lives in {@link AgentState}; what it is doing now is its runs in the run log.
 * The version is the agent's ETag at the API.
 */
@Entity
@Table(name = "agents")
@NamedQuery(
    name = "Agent.load",
    query = "SELECT a FROM Agent a LEFT JOIN FETCH a.allowedCategoryIds WHERE a.id IN :ids")
@NamedQuery(
    name = "Agent.findByLifecycle",
    query = "SELECT a FROM Agent a WHERE a.lifecycle = :lifecycle ORDER BY a.createdAt, a.id")
public class Agent {

  public static final int MAX_ID_LENGTH = 64;
  public static final int MAX_DISPLAY_NAME_LENGTH = 200;
  public static final int MAX_CATEGORY_ID_LENGTH = 64;
  public static final int MAX_DORMANT_REASON_LENGTH = 64;

  @Id
  @Column(name = "id", length = MAX_ID_LENGTH, nullable = false, updatable = false)
  private String id;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  @Convert(converter = AgentKind.Converter.class)
  @Column(name = "kind", length = 32, nullable = false, updatable = false)
  private AgentKind kind;

  @Column(name = "display_name", length = MAX_DISPLAY_NAME_LENGTH, nullable = false)
  private String displayName;

  @Convert(converter = AgentLifecycle.Converter.class)
  @Column(name = "lifecycle", length = 16, nullable = false)
  private AgentLifecycle lifecycle;

  @Convert(converter = AgentMode.Converter.class)
  @Column(name = "mode", length = 16, nullable = false)
  private AgentMode mode;

  @ElementCollection(fetch = FetchType.EAGER)
  @CollectionTable(name = "agent_allowed_categories", joinColumns = @JoinColumn(name = "agent_id"))
  @Column(name = "category_id", length = MAX_CATEGORY_ID_LENGTH, nullable = false)
  private Set<String> allowedCategoryIds = new HashSet<>();

  @Convert(converter = AgentConfig.Converter.class)
  @Column(name = "config", nullable = false)
  private AgentConfig config;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "updated_at", nullable = false)
  private Instant updatedAt;

  @Column(name = "destroyed_at")
  private Instant destroyedAt;

  /** Why a dormant agent sleeps when the server, not an operator, paused it; null otherwise. */
  @Column(name = "dormant_reason", length = MAX_DORMANT_REASON_LENGTH)
  private String dormantReason;

  /** When a dormant agent the server paused may wake again on its own; null otherwise. */
  @Column(name = "resume_at")
  private Instant resumeAt;

  /** The template the agent was made from, and its version; null for one made without. */
  /** The host id of the site the agent lives on; null where no site is configured. */
  @Column(name = "home_host", length = 64, updatable = false)
  private String homeHost;

  @Column(name = "template_id", length = 40)
  private String templateId;

  @Column(name = "template_version")
  private Integer templateVersion;

  /** The parameters the agent was made with from its template (compact JSON); null without. */
  @Column(name = "template_parameters")
  private String templateParameters;

  protected Agent() {}

  /** A new agent in lifecycle {@code created}; {@link #activate} makes it wake. */
  public Agent(
      String id,
      AgentKind kind,
      String displayName,
      AgentMode mode,
      Set<String> allowedCategoryIds,
      AgentConfig config,
      Instant now) {
    // Null is reported as "id", any other bad value as "agent id".
    this.id = idArgument("agent id", Objects.requireNonNull(id, "id"), MAX_ID_LENGTH);
    this.kind = Objects.requireNonNull(kind, "kind");
    this.displayName = requireDisplayName(displayName);
    this.mode = Objects.requireNonNull(mode, "mode");
    this.allowedCategoryIds.addAll(requireCategoryIds(allowedCategoryIds));
    this.config = Objects.requireNonNull(config, "config");
    this.lifecycle = AgentLifecycle.CREATED;
    this.createdAt = Objects.requireNonNull(now, "now");
    this.updatedAt = now;
  }

  /**
   * Records the template version the agent was made from (or was brought up to).
   *
   * @throws IllegalArgumentException for a version below 1
   */
  public void madeFrom(String template, int version, String parameters, Instant now) {
    if (version < 1) {
      throw new IllegalArgumentException("a template version is at least 1");
    }
    this.templateId = Objects.requireNonNull(template, "template");
    this.templateVersion = version;
    this.templateParameters = Objects.requireNonNull(parameters, "parameters");
    this.updatedAt = Objects.requireNonNull(now, "now");
  }

  /** The parameters the agent was made with from its template (compact JSON), if any. */
  public Optional<String> getTemplateParameters() {
    return Optional.ofNullable(templateParameters);
  }

  /** The template the agent was made from, if any. */
  public Optional<String> getTemplateId() {
    return Optional.ofNullable(templateId);
  }

  /** The version of {@link #getTemplateId}, if any. */
  public java.util.OptionalInt getTemplateVersion() {
    return templateVersion == null
        ? java.util.OptionalInt.empty()
        : java.util.OptionalInt.of(templateVersion);
  }

  /** {@code created → active}: the agent starts to wake. */
  public void activate(Instant now) {
    move(EnumSet.of(AgentLifecycle.CREATED), AgentLifecycle.ACTIVE, now);
  }

  /** {@code active → dormant}: the agent stops waking but keeps everything. */
  public void pause(Instant now) {
    move(EnumSet.of(AgentLifecycle.ACTIVE), AgentLifecycle.DORMANT, now);
  }

  /**
   * {@code active → dormant} until {@code until}, for {@code reason} (e.g. its daily token quota is
   * spent): from then on the agent wakes again on its own ({@link #resumesBy}), or an operator
   * resumes it sooner.
   */
  public void pauseUntil(Instant now, String reason, Instant until) {
    Objects.requireNonNull(until, "until");
    if (Objects.requireNonNull(reason, "reason").isBlank()
        || reason.length() > MAX_DORMANT_REASON_LENGTH) {
      throw new IllegalArgumentException("a dormant reason is 1 to 64 characters: " + reason);
    }
    pause(now);
    dormantReason = reason;
    resumeAt = until;
  }

  /** {@code dormant → active}, forgetting why and until when it slept. */
  public void resume(Instant now) {
    move(EnumSet.of(AgentLifecycle.DORMANT), AgentLifecycle.ACTIVE, now);
    dormantReason = null;
    resumeAt = null;
  }

  /**
   * Whether the agent is dormant until a time that has come at {@code now}: it wakes again on its
   * own, resumed by what wakes it ({@code pauseUntil}).
   */
  public boolean resumesBy(Instant now) {
    return lifecycle == AgentLifecycle.DORMANT && resumeAt != null && !now.isBefore(resumeAt);
  }

  /** Why the server paused the dormant agent, if it did (an operator's pause gives none). */
  public Optional<String> getDormantReason() {
    return Optional.ofNullable(dormantReason);
  }

  /** When the dormant agent wakes again on its own, if it does. */
  public Optional<Instant> getResumeAt() {
    return Optional.ofNullable(resumeAt);
  }

  /** Any lifecycle but {@code destroyed} → {@code destroyed}: a tombstone until deleted. */
  public void destroy(Instant now) {
    move(EnumSet.complementOf(EnumSet.of(AgentLifecycle.DESTROYED)), AgentLifecycle.DESTROYED, now);
    destroyedAt = now;
    dormantReason = null;
    resumeAt = null;
  }

  private void move(Set<AgentLifecycle> from, AgentLifecycle to, Instant now) {
    Objects.requireNonNull(now, "now");
    if (!from.contains(lifecycle)) {
      throw new IllegalTransitionException("agent " + id, lifecycle.wire(), to.wire());
    }
    lifecycle = to;
    updatedAt = now;
  }

  /**
   * Refuses to delete an agent that is not destroyed: deleting removes its whole history, so it
   * takes the explicit destroy step first.
   */
  public void requireDeletable() {
    if (lifecycle != AgentLifecycle.DESTROYED) {
      throw new IllegalTransitionException("agent " + id, lifecycle.wire(), "deleted");
    }
  }

  /**
   * Refuses {@code action} unless the agent is active: {@code "agent a-1 is dormant: only an active
   * agent can <action>"}.
   */
  public void requireActive(String action) {
    if (!isActive()) {
      throw new ConflictException(
          "agent " + id + " is " + lifecycle.wire() + ": only an active agent can " + action);
    }
  }

  /** Whether the agent is active: it may wake, and its timers are armed. */
  public boolean isActive() {
    return lifecycle == AgentLifecycle.ACTIVE;
  }

  /** Refuses {@code action} on a destroyed agent, naming it in the conflict. */
  /**
   * Makes {@code host} the agent's home, before it is first written: the site it lives on.
   *
   * @throws IllegalStateException when it has a home
   */
  public void homedAt(String host) {
    if (homeHost != null) {
      throw new IllegalStateException("agent " + id + " lives on site " + homeHost + " already");
    }
    homeHost = Objects.requireNonNull(host, "host");
  }

  /** The site the agent lives on, if it was made on a site of a multi-site deployment. */
  public Optional<String> getHomeHost() {
    return Optional.ofNullable(homeHost);
  }

  /**
   * Refuses {@code action} on a site that is not the agent's home: an agent runs, acts and changes
   * only where it lives, so that no operation of it is applied on two sites.
   *
   * @param site this site's host id, if this server is a site
   * @throws ConflictException on another site than its home
   */
  public void requireHome(Optional<String> site, String action) {
    if (homeHost != null && site.isPresent() && !homeHost.equals(site.get())) {
      throw new ConflictException(
          "agent "
              + id
              + " lives on site "
              + homeHost
              + ", not on this one ("
              + site.get()
              + "): "
              + action
              + " there");
    }
  }

  public void requireNotDestroyed(String action) {
    if (lifecycle == AgentLifecycle.DESTROYED) {
      throw new ConflictException("agent " + id + " is destroyed: cannot " + action);
    }
  }

  public void rename(String newDisplayName, Instant now) {
    requireNotDestroyed("rename it");
    displayName = requireDisplayName(newDisplayName);
    updatedAt = Objects.requireNonNull(now, "now");
  }

  /** Replaces the allow-list of categories the agent's tools and queries may touch. */
  public void restrictToCategories(Set<String> categoryIds, Instant now) {
    requireNotDestroyed("change its categories");
    var checked = requireCategoryIds(categoryIds);
    Objects.requireNonNull(now, "now");
    // Changed in place: Hibernate tracks the collection it loaded, not a replacement.
    allowedCategoryIds.retainAll(checked);
    allowedCategoryIds.addAll(checked);
    updatedAt = now;
  }

  public void reconfigure(AgentConfig newConfig, Instant now) {
    requireNotDestroyed("reconfigure it");
    config = Objects.requireNonNull(newConfig, "config");
    updatedAt = Objects.requireNonNull(now, "now");
  }

  /**
   * Records that something the agent owns changed (its slots, say), so that its version — the ETag
   * clients hold — moves on. {@code updatedAt} always moves forward, by a microsecond if the clock
   * has not, so the row is dirty and Hibernate increments the version at flush.
   */
  public void touch(Instant now) {
    Objects.requireNonNull(now, "now");
    var earliest = updatedAt.plus(1, ChronoUnit.MICROS);
    updatedAt = now.isBefore(earliest) ? earliest : now;
  }

  private static String requireDisplayName(String name) {
    if (name == null || name.isBlank()) {
      throw new InvalidInputException("displayName", "must not be blank");
    }
    if (name.length() > MAX_DISPLAY_NAME_LENGTH) {
      throw new InvalidInputException(
          "displayName",
          "is "
              + name.length()
              + " characters long; at most "
              + MAX_DISPLAY_NAME_LENGTH
              + " are allowed");
    }
    return name;
  }

  private static Set<String> requireCategoryIds(Set<String> ids) {
    Objects.requireNonNull(ids, "allowedCategoryIds");
    for (var categoryId : ids) {
      if (categoryId == null || categoryId.isBlank()) {
        throw new InvalidInputException("allowedCategoryIds", "category ids must not be blank");
      }
      if (categoryId.length() > MAX_CATEGORY_ID_LENGTH) {
        throw new InvalidInputException(
            "allowedCategoryIds",
            "category id '"
                + categoryId
                + "' is longer than "
                + MAX_CATEGORY_ID_LENGTH
                + " characters");
      }
    }
    return Set.copyOf(ids);
  }

  public String getId() {
    return id;
  }

  public long getVersion() {
    return version;
  }

  public AgentKind getKind() {
    return kind;
  }

  public String getDisplayName() {
    return displayName;
  }

  public AgentLifecycle getLifecycle() {
    return lifecycle;
  }

  public AgentMode getMode() {
    return mode;
  }

  /** Unmodifiable; the strict allow-list the agent's tools and queries are confined to. */
  public Set<String> getAllowedCategoryIds() {
    return Collections.unmodifiableSet(allowedCategoryIds);
  }

  public AgentConfig getConfig() {
    return config;
  }

  public Instant getCreatedAt() {
    return createdAt;
  }

  public Instant getUpdatedAt() {
    return updatedAt;
  }

  /** When the agent was destroyed; {@code null} while it is not. */
  public Instant getDestroyedAt() {
    return destroyedAt;
  }

  @Override
  public String toString() {
    return "Agent[" + id + ", " + kind.wire() + ", " + lifecycle.wire() + ", v" + version + "]";
  }
}
