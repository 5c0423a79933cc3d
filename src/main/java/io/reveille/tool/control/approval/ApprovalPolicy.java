package io.reveille.tool.control.approval;

import io.reveille.agent.entity.AgentKind;
import io.reveille.platform.Settings;
import io.reveille.platform.wire.WireEnum;
import io.reveille.security.control.Role;
import io.reveille.tool.control.ToolDefinition;
import io.reveille.tool.control.ToolErrorCode;
import io.reveille.tool.entity.RiskLevel;
import io.reveille.tool.entity.ToolSideEffect;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * Which tool calls of an agent's runs need a person's approval, per agent kind: {@code
 * reveille.approval.<kind>.tools} (tool names), {@code reveille.approval.<kind>.risk-levels} (every
 * mutating tool of those levels), {@code reveille.approval.<kind>.model-guard} (a call a model
 * asked for of an external or high-risk tool; on unless set to {@code false}) and {@code
 * reveille.approval.<kind>.wait} (whether the run waits for the decision). Apart from the model
 * guard, nothing is held unless set.
 *
 * <p>The model guard is defence in depth against prompt injection: what a model reads (a task's
 * text, a note, its memory) may have been written to steer it, so the calls that reach outside
 * Reveille or change much at once wait for a person whatever the model was told.
 *
 * <p>A proposal-only tool ({@link ToolDefinition#proposalOnly}) is held in every kind's runs
 * whatever the settings say.
 *
 * <p>Who may approve follows from the tool ({@link #approverOf}): a mutating external tool needs an
 * admin, as it does over the API; a proposal-only tool the role it names; any other tool an
 * operator.
 *
 * <p>Only a tool that can preview can be held, since a person approves its preview: a setting that
 * names a tool that cannot (by name or by its risk level), an unknown tool, kind, level or key
 * under {@code reveille.approval.} is refused with the key and the reason, so that a typo stops the
 * deployment rather than silently letting calls through.
 */
public final class ApprovalPolicy {

  public static final String PREFIX = "reveille.approval.";
  static final String TOOLS = "tools";
  static final String RISK_LEVELS = "risk-levels";
  static final String WAIT = "wait";
  static final String MODEL_GUARD = "model-guard";
  private static final List<String> SETTINGS = List.of(TOOLS, RISK_LEVELS, WAIT, MODEL_GUARD);
  private static final String ENV_PREFIX = "REVEILLE_APPROVAL_";

  /**
   * What one agent kind's calls need: held tools by name and by risk, whether the calls a model
   * chose of external and high-risk tools are held ({@code modelGuard}), and whether runs wait.
   */
  public record Rule(
      Set<String> tools, Set<RiskLevel> riskLevels, boolean waits, boolean modelGuard) {
    public Rule {
      tools = Set.copyOf(tools);
      riskLevels = riskLevels.isEmpty() ? Set.of() : Set.copyOf(EnumSet.copyOf(riskLevels));
    }

    static final Rule NONE = new Rule(Set.of(), Set.of(), false, false);

    /** This rule holding {@code more} tools by name as well (an agent's own list). */
    public Rule andTools(Collection<String> more) {
      if (more.isEmpty()) {
        return this;
      }
      var all = new java.util.HashSet<>(tools);
      all.addAll(more);
      return new Rule(all, riskLevels, waits, modelGuard);
    }

    /** Whether a call of {@code tool} needs approval by name or risk level (a read never does). */
    public boolean holds(ToolDefinition tool) {
      return tool.isMutating()
          && (tool.proposalOnly()
              || tools.contains(tool.name())
              || riskLevels.contains(tool.riskLevel()));
    }

    /**
     * Whether a call of {@code tool} needs approval: as {@link #holds(ToolDefinition)}, or, when
     * {@code chosenByModel} and the kind is guarded, a mutating external or high-risk tool.
     */
    public boolean holds(ToolDefinition tool, boolean chosenByModel) {
      return holds(tool)
          || (chosenByModel
              && modelGuard
              && tool.isMutating()
              && (tool.sideEffect() == ToolSideEffect.EXTERNAL
                  || tool.riskLevel() == RiskLevel.HIGH));
    }

    /** The error code a held call is answered with. */
    public ToolErrorCode heldAs() {
      return waits ? ToolErrorCode.AWAITING_APPROVAL : ToolErrorCode.PROPOSED;
    }
  }

  private final Map<AgentKind, Rule> rules;

  private ApprovalPolicy(Map<AgentKind, Rule> rules) {
    this.rules = Map.copyOf(rules);
  }

  /** Holds nothing: every call runs as it did before approvals. */
  public static ApprovalPolicy none() {
    var rules = new EnumMap<AgentKind, Rule>(AgentKind.class);
    Arrays.stream(AgentKind.values()).forEach(kind -> rules.put(kind, Rule.NONE));
    return new ApprovalPolicy(rules);
  }

  /** The rule of agents of {@code kind}. */
  public Rule of(AgentKind kind) {
    return rules.get(kind);
  }

  /**
   * The least role that may approve a call of {@code tool}: an admin for a mutating external tool
   * (it changes something outside Reveille, which over the API only an admin may make a tool do),
   * an operator for any other (an operator may change the journal and move agents).
   */
  public static Role approverOf(ToolDefinition tool) {
    if (!tool.isMutating()) {
      return Role.OPERATOR;
    }
    return tool.sideEffect() == ToolSideEffect.EXTERNAL
        ? Role.ADMIN
        : tool.proposalApprover().orElse(Role.OPERATOR);
  }

  /**
   * Reads and checks the policy.
   *
   * @param lookup a setting's value by key, if set
   * @param names every key the configuration knows (to find keys nobody reads: a misspelt kind or
   *     setting), in property form or as environment variables
   * @param tools every registered tool
   * @throws IllegalArgumentException naming the key and what is wrong with it
   */
  public static ApprovalPolicy parse(
      Function<String, Optional<String>> lookup,
      Iterable<String> names,
      Collection<ToolDefinition> tools) {
    for (var name : names) {
      requireKnownKey(name);
    }
    var byName =
        tools.stream().collect(Collectors.toMap(ToolDefinition::name, Function.identity()));
    var rules = new EnumMap<AgentKind, Rule>(AgentKind.class);
    for (var kind : AgentKind.values()) {
      var prefix = PREFIX + kind.wire() + ".";
      var named = new LinkedHashSet<String>();
      for (var name : list(lookup, prefix + TOOLS)) {
        var tool = byName.get(name);
        if (tool == null) {
          throw new IllegalArgumentException(
              prefix
                  + TOOLS
                  + ": no tool named '"
                  + name
                  + "'; known: "
                  + new TreeSet<>(byName.keySet()));
        }
        if (!tool.isMutating() || !tool.previewSupported()) {
          throw new IllegalArgumentException(
              prefix
                  + TOOLS
                  + ": "
                  + name
                  + " cannot need approval: only tools that change data and support previewOnly"
                  + " can (a person approves the preview)");
        }
        named.add(name);
      }
      var levels = EnumSet.noneOf(RiskLevel.class);
      for (var wire : list(lookup, prefix + RISK_LEVELS)) {
        var level =
            WireEnum.find(RiskLevel.class, wire)
                .orElseThrow(
                    () ->
                        new IllegalArgumentException(
                            prefix
                                + RISK_LEVELS
                                + ": unknown risk level '"
                                + wire
                                + "'; known: "
                                + Arrays.stream(RiskLevel.values()).map(RiskLevel::wire).toList()));
        var cannot =
            tools.stream()
                .filter(tool -> tool.isMutating() && tool.riskLevel() == level)
                .filter(tool -> !tool.previewSupported())
                .map(ToolDefinition::name)
                .collect(Collectors.toCollection(TreeSet::new));
        if (!cannot.isEmpty()) {
          throw new IllegalArgumentException(
              prefix
                  + RISK_LEVELS
                  + ": "
                  + wire
                  + " would hold tools that cannot preview ("
                  + String.join(", ", cannot)
                  + "); name the tools to hold in "
                  + prefix
                  + TOOLS
                  + " instead");
        }
        levels.add(level);
      }
      var waits = Settings.optionalFlag(lookup, prefix + WAIT);
      var guard = Settings.optionalFlag(lookup, prefix + MODEL_GUARD);
      rules.put(kind, new Rule(named, levels, waits.orElse(false), guard.orElse(true)));
    }
    return new ApprovalPolicy(rules);
  }

  /** Refuses a key under {@code reveille.approval.} that names no kind and setting this reads. */
  private static void requireKnownKey(String name) {
    if (name.startsWith(PREFIX)) {
      var rest = name.substring(PREFIX.length());
      var dot = rest.indexOf('.');
      // Case-insensitive: a setting given as an environment variable may reach the config in
      // lower case (reveille.approval.taskagent.tools).
      var kind =
          dot < 0
              ? Optional.<AgentKind>empty()
              : Arrays.stream(AgentKind.values())
                  .filter(k -> k.wire().equalsIgnoreCase(rest.substring(0, dot)))
                  .findFirst();
      if (kind.isEmpty()) {
        throw new IllegalArgumentException(
            name
                + ": unknown agent kind; expected "
                + PREFIX
                + "<kind>.<setting>, kind one of "
                + WireEnum.names(AgentKind.class));
      }
      var setting = rest.substring(dot + 1).replaceAll("[^A-Za-z0-9]", "_");
      if (SETTINGS.stream().noneMatch(known -> known.replace('-', '_').equalsIgnoreCase(setting))) {
        throw new IllegalArgumentException(name + ": unknown setting; expected one of " + SETTINGS);
      }
    } else if (name.startsWith(ENV_PREFIX)) {
      var known =
          Arrays.stream(AgentKind.values())
              .flatMap(kind -> SETTINGS.stream().map(setting -> environmentName(kind, setting)))
              .collect(Collectors.toSet());
      if (!known.contains(name)) {
        throw new IllegalArgumentException(
            name
                + ": unknown approval setting; expected "
                + ENV_PREFIX
                + "<KIND>_<TOOLS|RISK_LEVELS|WAIT|MODEL_GUARD>, kind one of "
                + WireEnum.names(AgentKind.class));
      }
    }
  }

  /** The environment variable MicroProfile Config maps to a setting's key. */
  static String environmentName(AgentKind kind, String setting) {
    return (PREFIX + kind.wire() + "." + setting)
        .replaceAll("[^A-Za-z0-9]", "_")
        .toUpperCase(Locale.ROOT);
  }

  private static List<String> list(Function<String, Optional<String>> lookup, String key) {
    return lookup
        .apply(key)
        .map(
            value ->
                Arrays.stream(value.split(","))
                    .map(String::strip)
                    .filter(part -> !part.isEmpty())
                    .toList())
        .orElse(List.of());
  }
}
