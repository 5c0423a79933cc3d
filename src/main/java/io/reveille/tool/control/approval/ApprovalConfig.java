package io.reveille.tool.control.approval;

import io.reveille.agent.entity.AgentKind;
import io.reveille.tool.control.ToolRegistry;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.Config;

/**
 * The approval settings ({@code reveille.approval.<kind>.*}, see {@link ApprovalPolicy}), read and
 * checked against the registered tools when the application starts, so that a bad setting stops the
 * deployment with its reason.
 */
@ApplicationScoped
public class ApprovalConfig {

  @Inject Config config;
  @Inject ToolRegistry registry;

  private ApprovalPolicy policy;

  void onStartup(@Observes Startup event) {
    // Touching the bean runs @PostConstruct now rather than at the first tool call.
  }

  @PostConstruct
  void load() {
    policy =
        ApprovalPolicy.parse(
            key -> config.getOptionalValue(key, String.class),
            config.getPropertyNames(),
            registry.all());
  }

  /** What calls of agents of {@code kind} need. */
  public ApprovalPolicy.Rule of(AgentKind kind) {
    return policy.of(kind);
  }
}
