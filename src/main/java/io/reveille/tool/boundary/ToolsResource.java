package io.reveille.tool.boundary;

import io.reveille.platform.json.JsonDocuments;
import io.reveille.security.boundary.Allowed;
import io.reveille.security.control.Role;
import io.reveille.tool.control.ToolDefinition;
import io.reveille.tool.control.ToolRegistry;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** The tool catalog and its contract over HTTP. */
@Path("tools")
@RequestScoped
@Tag(name = "Tools")
public class ToolsResource {

  static final String YAML = "application/yaml";

  @Inject ToolRegistry registry;

  @Allowed(Role.VIEWER)
  @GET
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "Every tool: name, capabilities, wake reasons, risk, scope rules")
  public JsonArray list() {
    var tools = JsonDocuments.provider().createArrayBuilder();
    for (ToolDefinition tool : registry.all()) {
      tools.add(
          JsonDocuments.provider()
              .createObjectBuilder()
              .add("name", tool.name())
              .add("sideEffectClass", tool.sideEffect().wire())
              .add("riskLevel", tool.riskLevel().wire())
              .add("previewSupported", tool.previewSupported())
              .add("proposalOnly", tool.proposalOnly())
              .add(
                  "capabilitiesRequired",
                  JsonDocuments.provider()
                      .createArrayBuilder(
                          tool.capabilities().stream().map(c -> c.wire()).sorted().toList()))
              .add(
                  "allowedWakeReasons",
                  JsonDocuments.provider()
                      .createArrayBuilder(
                          tool.allowedWakeReasons().stream().map(r -> r.wire()).sorted().toList()))
              .add(
                  "scopeRules",
                  JsonDocuments.provider()
                      .createArrayBuilder(
                          tool.scopeRules().stream().map(r -> r.wire()).sorted().toList())));
    }
    return tools.build();
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("contract")
  @Produces(MediaType.APPLICATION_JSON)
  @Operation(summary = "The tool contract as JSON (Accept: application/yaml for the YAML source)")
  public String contractJson() {
    return registry.contract().json();
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("contract")
  @Produces({YAML, "text/yaml"})
  @Operation(summary = "The tool contract's YAML source")
  public String contractYaml() {
    return registry.contract().yaml();
  }
}
