package io.reveille.template.control;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.control.AgentService.AgentChanges;
import io.reveille.agent.control.AgentService.AgentView;
import io.reveille.agent.control.AgentService.NewAgent;
import io.reveille.agent.entity.AgentConfig;
import io.reveille.agent.entity.AgentKind;
import io.reveille.agent.entity.AgentLifecycle;
import io.reveille.agent.entity.AgentMode;
import io.reveille.agent.entity.AgentSlots;
import io.reveille.alertness.control.SubscriptionService;
import io.reveille.alertness.control.SubscriptionService.NewSubscription;
import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.platform.wire.WireEnum;
import io.reveille.schedule.control.AgentTimerService;
import io.reveille.taskagent.control.TaskAgents;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * Creates an agent from a template: the template's request made of the caller's parameters ({@link
 * TemplateDocument#instantiate}), then the agent, its subscriptions and its timers through the same
 * services and checks the API's own paths use (a task agent through {@link TaskAgents}, so that it
 * owns its task exactly as one created for the task does), and the template's id and version
 * recorded on the agent — all in one transaction: a request the services refuse leaves nothing.
 */
@ApplicationScoped
public class TemplateAgents {

  @Inject TemplateCatalog catalog;
  @Inject AgentService agents;
  @Inject TaskAgents taskAgents;
  @Inject SubscriptionService subscriptions;
  @Inject AgentTimerService timers;
  @Inject Clock clock;

  /**
   * Creates an agent from the latest version of {@code templateId}.
   *
   * @param displayName the agent's name instead of the template's, if given
   * @throws io.reveille.platform.error.NotFoundException for an unknown template
   * @throws InvalidInputException naming what the parameters or the request they make get wrong
   */
  @Transactional
  public AgentView create(String templateId, JsonObject parameters, Optional<String> displayName) {
    var template = catalog.latest(templateId);
    var made = template.instantiate(parameters);
    var request = made.agent();
    var kind = WireEnum.parse(AgentKind.class, request.getString("kind"));
    var mode =
        request.containsKey("mode")
            ? WireEnum.parse(AgentMode.class, request.getString("mode"))
            : AgentMode.AUTONOMOUS;
    var config =
        request.containsKey("config")
            ? AgentConfig.fromUserJson(request.getJsonObject("config"), "config")
            : AgentConfig.empty();
    var name = displayName.or(() -> Optional.ofNullable(request.getString("displayName", null)));
    AgentView view;
    if (kind == AgentKind.TASK_AGENT) {
      view =
          taskAgents.create(
              request.getString("taskId"), new TaskAgents.Options(name, mode, config));
    } else {
      view =
          agents.create(
              new NewAgent(
                  kind,
                  name.orElseThrow(),
                  mode,
                  "created".equals(request.getString("lifecycle", "active"))
                      ? AgentLifecycle.CREATED
                      : AgentLifecycle.ACTIVE,
                  categories(request.get("allowedCategoryIds")),
                  config,
                  request.containsKey("slots")
                      ? AgentSlots.fromUserJson(request.getJsonObject("slots"), "slots")
                      : AgentSlots.empty()));
    }
    var agentId = view.agent().getId();
    for (var subscription : made.subscriptions()) {
      subscriptions.create(agentId, subscription(subscription));
    }
    for (var timer : made.timers()) {
      timers.create(agentId, timer);
    }
    view.agent()
        .madeFrom(
            template.id(), template.version(), JsonDocuments.write(parameters), clock.instant());
    return view;
  }

  /**
   * Moves an agent made from {@code templateId} to another of its versions (the latest when none is
   * named): the version made of the parameters the agent was made with gives the agent its config
   * and, but for a task agent, its categories; its subscriptions, timers, memory and report stay as
   * they are. Naming the version it has changes nothing.
   *
   * @throws io.reveille.platform.error.NotFoundException for an unknown agent or version
   * @throws ConflictException when the agent was not made from the template, or the version is of
   *     another kind
   * @throws InvalidInputException when the agent's parameters do not fit the version
   */
  @Transactional
  public AgentView upgrade(
      String templateId, String agentId, Optional<Integer> version, OptionalLong expectedVersion) {
    var agent = agents.get(agentId);
    if (!agent.getTemplateId().equals(Optional.of(templateId))
        || agent.getTemplateParameters().isEmpty()) {
      throw new ConflictException("agent " + agentId + " was not made from template " + templateId);
    }
    var target =
        version
            .map(v -> catalog.version(templateId, v))
            .orElseGet(() -> catalog.latest(templateId));
    if (agent.getTemplateVersion().orElse(0) == target.version()) {
      return agents.view(agentId);
    }
    var request =
        target
            .instantiate(
                JsonDocuments.parseStored(
                    agent.getTemplateParameters().get(), "template parameters"))
            .agent();
    var kind = WireEnum.parse(AgentKind.class, request.getString("kind"));
    if (kind != agent.getKind()) {
      throw new ConflictException(
          "template "
              + templateId
              + " version "
              + target.version()
              + " makes agents of kind "
              + kind.wire()
              + ", not "
              + agent.getKind().wire());
    }
    var config =
        request.containsKey("config")
            ? AgentConfig.fromUserJson(request.getJsonObject("config"), "config")
            : AgentConfig.empty();
    var categories =
        kind == AgentKind.TASK_AGENT || !request.containsKey("allowedCategoryIds")
            ? Optional.<Set<String>>empty()
            : Optional.of(categories(request.get("allowedCategoryIds")));
    var view =
        agents.update(
            agentId,
            expectedVersion,
            new AgentChanges(Optional.empty(), categories, Optional.of(config), Optional.empty()));
    view.agent()
        .madeFrom(
            templateId, target.version(), agent.getTemplateParameters().get(), clock.instant());
    return view;
  }

  private static Set<String> categories(JsonValue value) {
    if (value == null) {
      return Set.of();
    }
    if (!(value instanceof JsonArray array)) {
      throw new InvalidInputException("allowedCategoryIds", "must be a list of category ids");
    }
    var ids = new LinkedHashSet<String>();
    for (var id : array) {
      if (!(id instanceof JsonString text) || text.getString().isBlank()) {
        throw new InvalidInputException("allowedCategoryIds", "must be a list of category ids");
      }
      if (!ids.add(text.getString().strip())) {
        throw new InvalidInputException(
            "allowedCategoryIds", "duplicate category id '" + text.getString() + "'");
      }
    }
    return Set.copyOf(ids);
  }

  private static NewSubscription subscription(JsonObject body) {
    return new NewSubscription(
        strings(body, "semanticKeys"),
        strings(body, "subtypeTokens"),
        strings(body, "entityIds"),
        body.getString("predicate", null));
  }

  private static List<String> strings(JsonObject body, String field) {
    if (!body.containsKey(field)) {
      return List.of();
    }
    return body.getJsonArray(field).getValuesAs(JsonString::getString);
  }
}
