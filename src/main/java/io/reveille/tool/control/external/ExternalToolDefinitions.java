package io.reveille.tool.control.external;

import io.reveille.platform.json.JsonDocuments;
import io.reveille.tool.control.ToolDefinition;
import io.reveille.tool.entity.Capability;
import io.reveille.tool.entity.ScopeRule;
import io.reveille.wake.entity.WakeReason;
import java.util.Set;

/**
 * An external tool's two faces: its registry definition and its tool contract entry, made from one
 * declaration so that they cannot drift (the parity test checks them like built-in tools). The
 * contract entry carries no URL, header or body: those may name secrets or internal hosts.
 */
public final class ExternalToolDefinitions {

  private ExternalToolDefinitions() {}

  public static ToolDefinition definition(ExternalToolDeclaration tool) {
    return new ToolDefinition(
        tool.name(),
        Set.of(Capability.EXTERNAL_CALL),
        tool.allowedWakeReasons(),
        tool.sideEffect(),
        tool.riskLevel(),
        Set.of(ScopeRule.OUTSIDE_REVEILLE),
        false,
        new ExternalToolHandler(tool));
  }

  public static String contractEntry(ExternalToolDeclaration tool) {
    var wakeReasons = JsonDocuments.provider().createArrayBuilder();
    tool.allowedWakeReasons().stream().map(WakeReason::wire).sorted().forEach(wakeReasons::add);
    return JsonDocuments.provider()
        .createObjectBuilder()
        .add("name", tool.name())
        .add("version", 1)
        .add("description", tool.description())
        .add(
            "capabilitiesRequired",
            JsonDocuments.provider().createArrayBuilder().add(Capability.EXTERNAL_CALL.wire()))
        .add("allowedWakeReasons", wakeReasons)
        .add("sideEffectClass", tool.sideEffect().wire())
        .add("idempotencyStrategy", tool.sideEffect().isMutating() ? "operationId" : "none")
        .add(
            "scopeRules",
            JsonDocuments.provider().createArrayBuilder().add(ScopeRule.OUTSIDE_REVEILLE.wire()))
        .add(
            "sideEffects",
            JsonDocuments.provider()
                .createObjectBuilder()
                .add("entityTypes", JsonDocuments.provider().createArrayBuilder())
                .add("notificationTokens", JsonDocuments.provider().createArrayBuilder()))
        .add("riskLevel", tool.riskLevel().wire())
        .add("previewSupported", false)
        .add("inputSchema", tool.inputSchema())
        .add("outputSchema", tool.outputSchema())
        .build()
        .toString();
  }
}
