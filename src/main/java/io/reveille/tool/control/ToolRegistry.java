package io.reveille.tool.control;

import io.reveille.tool.control.external.ExternalToolDefinitions;
import io.reveille.tool.control.external.ExternalTools;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.enterprise.inject.Any;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Every tool an agent can call: the definitions contributed by the {@link ToolSet} beans and the
 * external HTTP tools declared where the server runs ({@link ExternalTools}), and the contract that
 * holds their schemas (the built-in contract with an entry appended per external tool). A tool
 * missing from the contract (or the other way round) is a build error caught by the parity test; at
 * run time such a tool is refused rather than run unvalidated.
 */
@ApplicationScoped
public class ToolRegistry {

  @Inject @Any Instance<ToolSet> toolSets;
  @Inject ExternalTools externalTools;

  private volatile Catalogue catalogue;

  /** The contract and the definitions, swapped together so that a reader never sees them apart. */
  private record Catalogue(ToolContract contract, Map<String, ToolDefinition> definitions) {}

  /** Loads at start-up, so that a bad setting or contract stops the deployment with its reason. */
  void onStartup(@Observes Startup event) {
    // Touching the bean runs @PostConstruct now rather than at the first tool call.
  }

  @PostConstruct
  void load() {
    catalogue = build();
  }

  /**
   * Builds the catalogue again: a source of external tools (an MCP server that connected, or whose
   * tools changed) has others to offer now. A rebuild that fails keeps the catalogue as it was.
   */
  public synchronized void refresh() {
    catalogue = build();
  }

  private Catalogue build() {
    var builtIn = toolSets.stream().flatMap(set -> set.tools().stream()).toList();
    var builtInContract = ToolContract.fromClasspath();
    var reserved = new java.util.HashSet<String>(builtInContract.toolNames());
    builtIn.forEach(tool -> reserved.add(tool.name()));
    var external = externalTools.load(reserved);
    var contract =
        builtInContract.withTools(
            external.stream().map(ExternalToolDefinitions::contractEntry).toList());
    var all = new ArrayList<ToolDefinition>(builtIn);
    external.stream().map(ExternalToolDefinitions::definition).forEach(all::add);
    return new Catalogue(contract, index(all));
  }

  /** Indexes definitions by name; a name defined twice is a programming error. */
  static Map<String, ToolDefinition> index(Collection<ToolDefinition> tools) {
    var byName = new LinkedHashMap<String, ToolDefinition>();
    tools.stream()
        .sorted(Comparator.comparing(ToolDefinition::name))
        .forEach(
            tool -> {
              if (byName.put(tool.name(), tool) != null) {
                throw new IllegalStateException("tool '" + tool.name() + "' is defined twice");
              }
            });
    return Map.copyOf(byName);
  }

  /** The tool, when it is both registered and in the contract. */
  public Optional<ToolDefinition> find(String name) {
    var current = catalogue;
    return Optional.ofNullable(current.definitions().get(name))
        .filter(tool -> current.contract().entry(name).isPresent());
  }

  /** Every registered tool, by name. */
  public List<ToolDefinition> all() {
    return new ArrayList<>(
        catalogue.definitions().values().stream()
            .sorted(Comparator.comparing(ToolDefinition::name))
            .toList());
  }

  public ToolContract contract() {
    return catalogue.contract();
  }
}
