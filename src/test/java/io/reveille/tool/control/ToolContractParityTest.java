package io.reveille.tool.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.security.control.Role;
import io.reveille.tool.entity.Capability;
import io.reveille.tool.entity.RiskLevel;
import io.reveille.tool.entity.ScopeRule;
import io.reveille.wake.entity.WakeReason;
import java.util.ArrayList;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The registry and the contract describe the same tools with the same permissions: every tool in
 * one is in the other, and capabilities, wake reasons, side-effect class, risk, preview support and
 * scope rules agree field by field. Any drift fails the build with the fields that differ.
 */
public class ToolContractParityTest {

  private final ToolContract contract = ToolContract.fromClasspath();

  @Test
  void registryAndContractListTheSameTools() {
    var registered =
        ToolSets.allDefinitions().stream()
            .map(ToolDefinition::name)
            .collect(Collectors.toCollection(TreeSet::new));
    var contracted = new TreeSet<>(contract.toolNames());
    assertEquals(contracted, registered, "tools in the contract vs tools in the registry");
    assertFalse(ToolSets.toolSetClasses().isEmpty());
  }

  @Test
  void everyToolHasTheSameMetadataInRegistryAndContract() {
    var drift = new ArrayList<String>();
    for (var tool : ToolSets.allDefinitions()) {
      var entry = contract.entry(tool.name());
      if (entry.isEmpty()) {
        continue; // reported by registryAndContractListTheSameTools
      }
      drift.addAll(differences(tool, entry.get()));
    }
    assertTrue(drift.isEmpty(), "registry and contract differ:\n  " + String.join("\n  ", drift));
  }

  @Test
  void aChangedFieldIsReportedAsDrift() {
    var tool =
        ToolSets.allDefinitions().stream()
            .filter(d -> d.name().equals("update_task_priority"))
            .findFirst()
            .orElseThrow();
    var widened =
        new ToolDefinition(
            tool.name(),
            Set.of(Capability.TASK_READ),
            tool.allowedWakeReasons(),
            tool.sideEffect(),
            RiskLevel.MEDIUM,
            Set.of(ScopeRule.READS_FILTERED_BY_SCOPE),
            tool.previewSupported(),
            tool.handler());
    var drift = differences(widened, contract.entry(tool.name()).orElseThrow());
    assertEquals(3, drift.size(), String.join("\n", drift));
  }

  public static java.util.List<String> differences(ToolDefinition tool, ToolContract.Entry entry) {
    var drift = new ArrayList<String>();
    compare(
        drift,
        tool.name(),
        "capabilitiesRequired",
        wires(tool.capabilities(), Capability::wire),
        entry.capabilitiesRequired());
    compare(
        drift,
        tool.name(),
        "allowedWakeReasons",
        wires(tool.allowedWakeReasons(), WakeReason::wire),
        entry.allowedWakeReasons());
    compare(
        drift,
        tool.name(),
        "scopeRules",
        wires(tool.scopeRules(), ScopeRule::wire),
        entry.scopeRules());
    compare(
        drift, tool.name(), "sideEffectClass", tool.sideEffect().wire(), entry.sideEffectClass());
    compare(drift, tool.name(), "riskLevel", tool.riskLevel().wire(), entry.riskLevel());
    compare(
        drift, tool.name(), "previewSupported", tool.previewSupported(), entry.previewSupported());
    compare(
        drift,
        tool.name(),
        "proposalOnly",
        tool.proposalApprover().map(Role::wire),
        entry.proposalOnly());
    compare(
        drift,
        tool.name(),
        "idempotencyStrategy",
        tool.isMutating() ? "operationId" : "none",
        entry.idempotencyStrategy());
    return drift;
  }

  private static <T> Set<String> wires(Set<T> values, java.util.function.Function<T, String> wire) {
    return values.stream().map(wire).collect(Collectors.toCollection(TreeSet::new));
  }

  private static void compare(
      java.util.List<String> drift, String tool, String field, Object registry, Object contract) {
    var left = registry instanceof Set<?> set ? new TreeSet<>(set) : registry;
    var right = contract instanceof Set<?> set ? new TreeSet<>(set) : contract;
    if (!left.equals(right)) {
      drift.add(tool + "." + field + ": registry " + left + ", contract " + right);
    }
  }
}
