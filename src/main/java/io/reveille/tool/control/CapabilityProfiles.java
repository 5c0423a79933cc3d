package io.reveille.tool.control;

import io.reveille.agent.entity.Agent;
import io.reveille.agent.entity.AgentKind;
import io.reveille.platform.wire.WireEnum;
import io.reveille.tool.entity.Capability;
import io.reveille.wake.entity.WakeReason;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;
import java.util.Arrays;
import java.util.Collection;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.eclipse.microprofile.config.Config;

/**
 * The capabilities each agent kind holds ({@code AgentCapabilityProfile} of seed 000 §4.1): {@code
 * reveille.tools.capabilities.<kind>}, a comma-separated list of capability names, defaults in
 * {@code microprofile-config.properties}. An unknown name fails the start-up with the property and
 * the name, rather than silently granting or denying.
 */
@ApplicationScoped
public class CapabilityProfiles {

  public static final String PROPERTY_PREFIX = "reveille.tools.capabilities.";

  @Inject Config config;

  private Map<AgentKind, Set<Capability>> profiles;

  /** Loads at start-up, so that a bad setting or contract stops the deployment with its reason. */
  void onStartup(@Observes Startup event) {
    // Touching the bean runs @PostConstruct now rather than at the first tool call.
  }

  @PostConstruct
  void load() {
    var loaded = new EnumMap<AgentKind, Set<Capability>>(AgentKind.class);
    for (var kind : AgentKind.values()) {
      var property = PROPERTY_PREFIX + kind.wire();
      loaded.put(kind, parse(property, config.getOptionalValue(property, String.class).orElse("")));
    }
    profiles = loaded;
  }

  /** The capabilities of agents of {@code kind}. */
  public Set<Capability> of(AgentKind kind) {
    return profiles.get(kind);
  }

  /**
   * The tools of {@code tools} that {@code agent} may call on a wake for {@code reason}, in their
   * order: its kind holds their capabilities, the reason is one they allow, and the agent's own
   * list ({@code config.tools}), when it has one, names them.
   */
  public List<ToolDefinition> callable(
      Agent agent, WakeReason reason, Collection<ToolDefinition> tools) {
    var held = of(agent.getKind());
    var own = agent.getConfig().getTools();
    return tools.stream()
        .filter(tool -> held.containsAll(tool.capabilities()))
        .filter(tool -> tool.allowedWakeReasons().contains(reason))
        .filter(tool -> own.isEmpty() || own.contains(tool.name()))
        .toList();
  }

  static Set<Capability> parse(String property, String value) {
    var capabilities = EnumSet.noneOf(Capability.class);
    Arrays.stream(value.split(","))
        .map(String::strip)
        .filter(name -> !name.isEmpty())
        .forEach(
            name ->
                capabilities.add(
                    WireEnum.find(Capability.class, name)
                        .orElseThrow(
                            () ->
                                new IllegalStateException(
                                    property
                                        + ": unknown capability '"
                                        + name
                                        + "'; known: "
                                        + Arrays.stream(Capability.values())
                                            .map(Capability::wire)
                                            .toList()))));
    return Set.copyOf(capabilities);
  }
}
