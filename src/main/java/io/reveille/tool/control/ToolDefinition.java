package io.reveille.tool.control;

import io.reveille.security.control.Role;
import io.reveille.tool.entity.Capability;
import io.reveille.tool.entity.RiskLevel;
import io.reveille.tool.entity.ScopeRule;
import io.reveille.tool.entity.ToolSideEffect;
import io.reveille.wake.entity.WakeReason;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * A tool as the registry knows it: the metadata the executor enforces and the handler. The same
 * metadata is written in the tool contract; the parity test holds the two together.
 */
public record ToolDefinition(
    String name,
    Set<Capability> capabilities,
    Set<WakeReason> allowedWakeReasons,
    ToolSideEffect sideEffect,
    RiskLevel riskLevel,
    Set<ScopeRule> scopeRules,
    boolean previewSupported,
    Optional<Role> proposalApprover,
    ToolHandler handler) {

  public ToolDefinition {
    Objects.requireNonNull(name, "name");
    capabilities = Set.copyOf(capabilities);
    allowedWakeReasons = Set.copyOf(allowedWakeReasons);
    Objects.requireNonNull(sideEffect, "sideEffect");
    Objects.requireNonNull(riskLevel, "riskLevel");
    scopeRules = Set.copyOf(scopeRules);
    Objects.requireNonNull(handler, "handler");
    if (capabilities.isEmpty() || allowedWakeReasons.isEmpty() || scopeRules.isEmpty()) {
      throw new IllegalArgumentException(name + ": capabilities, wake reasons and scope rules");
    }
    if (riskLevel == RiskLevel.HIGH && !previewSupported) {
      throw new IllegalArgumentException(name + ": a high-risk tool must support previewOnly");
    }
    Objects.requireNonNull(proposalApprover, "proposalApprover");
    if (proposalApprover.isPresent() && (!sideEffect.isMutating() || !previewSupported)) {
      throw new IllegalArgumentException(
          name + ": only a mutating tool that supports previewOnly can be proposal-only");
    }
  }

  /**
   * Whether every call a run makes is proposed, whatever the kind's approval settings, for {@link
   * #proposalApprover} to decide: for tools whose effect is a person's decision.
   */
  public boolean proposalOnly() {
    return proposalApprover.isPresent();
  }

  /** A tool of the same metadata that is not {@link #proposalOnly}. */
  public ToolDefinition(
      String name,
      Set<Capability> capabilities,
      Set<WakeReason> allowedWakeReasons,
      ToolSideEffect sideEffect,
      RiskLevel riskLevel,
      Set<ScopeRule> scopeRules,
      boolean previewSupported,
      ToolHandler handler) {
    this(
        name,
        capabilities,
        allowedWakeReasons,
        sideEffect,
        riskLevel,
        scopeRules,
        previewSupported,
        Optional.empty(),
        handler);
  }

  public boolean isMutating() {
    return sideEffect.isMutating();
  }

  /** A read-only tool. */
  public static Builder reading(String name) {
    return new Builder(name, ToolSideEffect.READ_ONLY);
  }

  /** A tool that changes Reveille's state (the journal or the agent's memory). */
  public static Builder writing(String name) {
    return new Builder(name, ToolSideEffect.MEMORY);
  }

  /** Builds a definition; every wake reason is allowed unless restricted, risk defaults to low. */
  public static final class Builder {
    private final String name;
    private final ToolSideEffect sideEffect;
    private final Set<Capability> capabilities = EnumSet.noneOf(Capability.class);
    private final Set<ScopeRule> scopeRules = EnumSet.noneOf(ScopeRule.class);
    private Set<WakeReason> wakeReasons = EnumSet.allOf(WakeReason.class);
    private RiskLevel risk = RiskLevel.LOW;
    private boolean preview;
    private Optional<Role> proposal = Optional.empty();

    private Builder(String name, ToolSideEffect sideEffect) {
      this.name = name;
      this.sideEffect = sideEffect;
    }

    public Builder requires(Capability... required) {
      capabilities.addAll(Set.of(required));
      return this;
    }

    public Builder scope(ScopeRule... rules) {
      scopeRules.addAll(Set.of(rules));
      return this;
    }

    public Builder risk(RiskLevel level) {
      risk = level;
      return this;
    }

    public Builder previewable() {
      preview = true;
      return this;
    }

    /**
     * Every call a run makes is proposed, whatever the kind's approval settings, and {@code
     * approver} (or a role above it) decides: for tools whose effect is a person's decision.
     */
    public Builder proposalOnly(Role approver) {
      proposal = Optional.of(approver);
      return this;
    }

    public ToolDefinition handledBy(ToolHandler handler) {
      return new ToolDefinition(
          name,
          capabilities,
          wakeReasons,
          sideEffect,
          risk,
          scopeRules,
          preview,
          proposal,
          handler);
    }
  }
}
