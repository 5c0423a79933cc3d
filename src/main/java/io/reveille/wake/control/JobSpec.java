package io.reveille.wake.control;

import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.wake.entity.RunArtifact;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * What a job is held to besides its objective: constraints the tool executor enforces, the stop
 * conditions of which one must hold for the run to end {@code completed}, the artifacts it is
 * expected to produce, when it asks a person instead of failing, and budgets that replace the
 * agent's. Read from the request of {@code POST /api/runs} ({@link #parse}, every field checked,
 * each refusal naming its JSON path) and stored with the job as JSON ({@link #toJson}).
 */
public record JobSpec(
    Constraints constraints,
    List<StopCondition> stopConditions,
    List<String> expectedArtifacts,
    Escalation escalation,
    Map<RunBudget, Long> budgets) {

  public static final int MAX_DOMAINS = 50;
  public static final int MAX_FORBIDDEN_ACTIONS = 100;
  public static final int MAX_STOP_CONDITIONS = 20;
  public static final int MAX_EXPECTED_ARTIFACTS = 20;
  static final int MAX_TOOL_NAME_LENGTH = 100;
  static final int MAX_POINTER_LENGTH = 200;
  static final int MAX_EQUALS_LENGTH = 2000;

  /** A host name or a domain (its subdomains go with it): labels of letters, digits and dashes. */
  private static final Pattern DOMAIN =
      Pattern.compile(
          "(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*");

  private static final Pattern TOOL_NAME = Pattern.compile("[a-z][a-z0-9_]{0,99}");

  public JobSpec {
    Objects.requireNonNull(constraints, "constraints");
    stopConditions = List.copyOf(stopConditions);
    expectedArtifacts = List.copyOf(expectedArtifacts);
    Objects.requireNonNull(escalation, "escalation");
    budgets = budgets.isEmpty() ? Map.of() : Map.copyOf(new EnumMap<>(budgets));
  }

  /**
   * What the executor enforces on the job's tool calls.
   *
   * @param allowedDomains the hosts (and their subdomains) external tools may reach; empty: any
   * @param forbiddenActions the tools the job may not call, hidden from its model too
   * @param noDuplicateExternalActions an external call that changes something is refused when the
   *     agent already made the same one (tool and arguments) successfully
   */
  public record Constraints(
      List<String> allowedDomains,
      Set<String> forbiddenActions,
      boolean noDuplicateExternalActions) {
    public Constraints {
      allowedDomains = List.copyOf(allowedDomains);
      forbiddenActions = Set.copyOf(forbiddenActions);
    }

    static final Constraints NONE = new Constraints(List.of(), Set.of(), false);

    /** Whether an external tool may reach {@code host}. */
    public boolean allowsHost(String host) {
      if (allowedDomains.isEmpty()) {
        return true;
      }
      var name = host == null ? "" : host.toLowerCase(Locale.ROOT);
      return allowedDomains.stream()
          .anyMatch(domain -> name.equals(domain) || name.endsWith("." + domain));
    }
  }

  /**
   * When the job asks a person instead of going on or failing.
   *
   * @param onAuthFailure an external call its provider refuses for its credentials (HTTP 401 or
   *     403) asks a person whether to retry it (once the credentials are fixed) or skip it, and the
   *     run waits for the answer
   * @param onAmbiguity the model is told to ask a person ({@code ask_user}) rather than guess
   * @param onBudget a run over a budget waits for a person instead of failing
   */
  public record Escalation(boolean onAuthFailure, boolean onAmbiguity, boolean onBudget) {
    static final Escalation NONE = new Escalation(false, false, false);
  }

  /** A condition under which the job is done. */
  public sealed interface StopCondition {

    /** The condition in words, for the model's context and the run's record. */
    String describe();

    /** The condition as JSON, as the request gives it. */
    JsonObject toJson();
  }

  /** The run produced an artifact of this name. */
  public record ArtifactExists(String artifact) implements StopCondition {
    @Override
    public String describe() {
      return "the artifact " + artifact + " exists (write it with write_artifact)";
    }

    @Override
    public JsonObject toJson() {
      return JsonDocuments.provider()
          .createObjectBuilder()
          .add("type", "artifactExists")
          .add("artifact", artifact)
          .build();
    }
  }

  /**
   * A call of {@code tool} in the run succeeded, and — with a pointer — its result holds {@code
   * equals} there (or anything, without {@code equals}).
   */
  public record ToolResultMatches(String tool, Optional<String> pointer, Optional<JsonValue> equals)
      implements StopCondition {
    @Override
    public String describe() {
      var text = new StringBuilder("a call of ").append(tool).append(" succeeds");
      pointer.ifPresent(
          p ->
              text.append(" with ")
                  .append(p)
                  .append(equals.map(v -> " equal to " + v).orElse(" present"))
                  .append(" in its result"));
      return text.toString();
    }

    @Override
    public JsonObject toJson() {
      var json = JsonDocuments.provider().createObjectBuilder().add("type", "toolResult");
      json.add("tool", tool);
      pointer.ifPresent(p -> json.add("pointer", p));
      equals.ifPresent(v -> json.add("equals", v));
      return json.build();
    }
  }

  /** The job stops, done, when it reaches this budget (instead of failing on it). */
  public record BudgetReached(RunBudget budget) implements StopCondition {
    @Override
    public String describe() {
      return "the budget " + budget.field() + " is reached";
    }

    @Override
    public JsonObject toJson() {
      return JsonDocuments.provider()
          .createObjectBuilder()
          .add("type", "budget")
          .add("budget", budget.field())
          .build();
    }
  }

  /** Whether reaching {@code budget} ends the job done. */
  public boolean stopsAt(RunBudget budget) {
    return stopConditions.stream()
        .anyMatch(c -> c instanceof BudgetReached reached && reached.budget() == budget);
  }

  /**
   * {@code spec} with this job's budgets, each of which may only lower the agent's (raising one is
   * an admin's change to the agent), and its escalation on budget.
   */
  public RunSpec applyTo(RunSpec spec) {
    var applied = spec;
    for (var budget : budgets.entrySet()) {
      applied =
          applied.with(budget.getKey(), Math.min(budget.getValue(), spec.limit(budget.getKey())));
    }
    return escalation.onBudget() ? applied.askingHumanOnBudget(true) : applied;
  }

  /** The spec as stored and returned: every field, in the request's spelling. */
  public JsonObject toJsonObject() {
    var provider = JsonDocuments.provider();
    var domains = provider.createArrayBuilder();
    constraints.allowedDomains().forEach(domains::add);
    var forbidden = provider.createArrayBuilder();
    constraints.forbiddenActions().stream().sorted().forEach(forbidden::add);
    var stops = provider.createArrayBuilder();
    stopConditions.forEach(c -> stops.add(c.toJson()));
    var artifacts = provider.createArrayBuilder();
    expectedArtifacts.forEach(artifacts::add);
    var limits = provider.createObjectBuilder();
    budgets.entrySet().stream()
        .sorted(Map.Entry.comparingByKey())
        .forEach(e -> limits.add(e.getKey().field(), e.getValue()));
    return provider
        .createObjectBuilder()
        .add(
            "constraints",
            provider
                .createObjectBuilder()
                .add("allowedDomains", domains)
                .add("forbiddenActions", forbidden)
                .add("noDuplicateExternalActions", constraints.noDuplicateExternalActions()))
        .add("stopConditions", stops)
        .add("expectedArtifacts", artifacts)
        .add(
            "escalation",
            provider
                .createObjectBuilder()
                .add("onAuthFailure", escalation.onAuthFailure())
                .add("onAmbiguity", escalation.onAmbiguity())
                .add("onBudget", escalation.onBudget()))
        .add("budgets", limits)
        .build();
  }

  public String toJson() {
    return toJsonObject().toString();
  }

  /** A stored spec ({@link #toJson}); it was checked when the job was made. */
  public static JobSpec fromJson(String json) {
    try (var reader = JsonDocuments.provider().createReader(new StringReader(json))) {
      return parse(reader.readObject());
    } catch (InvalidInputException | jakarta.json.JsonException e) {
      throw new IllegalStateException("stored job spec is not valid: " + e.getMessage(), e);
    }
  }

  /** The fields a job request may carry besides the agent and the objective. */
  static final Set<String> FIELDS =
      Set.of("constraints", "stopConditions", "expectedArtifacts", "escalation", "budgets");

  /**
   * Reads a job's spec from the fields of {@code request} named in {@link #FIELDS} (each optional);
   * other fields are the caller's to check.
   *
   * @throws InvalidInputException naming every offending field's JSON path
   */
  public static JobSpec parse(JsonObject request) {
    var problems = new ArrayList<InvalidInputException.Violation>();
    var constraints = constraints(request, problems);
    var stops = stopConditions(request, problems);
    var artifacts = names(request, "expectedArtifacts", MAX_EXPECTED_ARTIFACTS, problems);
    var escalation = escalation(request, problems);
    var budgets = budgets(request, problems);
    if (!problems.isEmpty()) {
      throw new InvalidInputException(problems);
    }
    return new JobSpec(constraints, stops, artifacts, escalation, budgets);
  }

  private static Optional<JsonObject> object(
      JsonObject parent,
      String field,
      String path,
      List<InvalidInputException.Violation> problems) {
    var value = parent.get(field);
    if (value == null || value == JsonValue.NULL) {
      return Optional.empty();
    }
    if (value.getValueType() != JsonValue.ValueType.OBJECT) {
      problems.add(new InvalidInputException.Violation(path, "must be an object"));
      return Optional.empty();
    }
    return Optional.of(value.asJsonObject());
  }

  private static Optional<JsonArray> array(
      JsonObject parent,
      String field,
      String path,
      int max,
      List<InvalidInputException.Violation> problems) {
    var value = parent.get(field);
    if (value == null || value == JsonValue.NULL) {
      return Optional.empty();
    }
    if (value.getValueType() != JsonValue.ValueType.ARRAY) {
      problems.add(new InvalidInputException.Violation(path, "must be an array"));
      return Optional.empty();
    }
    if (value.asJsonArray().size() > max) {
      problems.add(new InvalidInputException.Violation(path, "may hold at most " + max + " items"));
      return Optional.empty();
    }
    return Optional.of(value.asJsonArray());
  }

  private static boolean flag(
      JsonObject parent,
      String field,
      String path,
      List<InvalidInputException.Violation> problems) {
    var value = parent.get(field);
    if (value == null || value == JsonValue.NULL || value == JsonValue.FALSE) {
      return false;
    }
    if (value == JsonValue.TRUE) {
      return true;
    }
    problems.add(new InvalidInputException.Violation(path, "must be true or false"));
    return false;
  }

  private static void unknownFields(
      JsonObject object,
      Set<String> known,
      String path,
      List<InvalidInputException.Violation> problems) {
    object.keySet().stream()
        .filter(key -> !known.contains(key))
        .sorted()
        .forEach(
            key ->
                problems.add(
                    new InvalidInputException.Violation(
                        path + "." + key,
                        "is not a field; known: "
                            + known.stream().sorted().collect(Collectors.joining(", ")))));
  }

  private static List<String> strings(
      JsonArray array,
      String path,
      Pattern pattern,
      String expected,
      List<InvalidInputException.Violation> problems) {
    var values = new LinkedHashSet<String>();
    for (var i = 0; i < array.size(); i++) {
      var item = array.get(i);
      if (!(item instanceof JsonString text) || !pattern.matcher(text.getString()).matches()) {
        problems.add(new InvalidInputException.Violation(path + "[" + i + "]", expected));
        continue;
      }
      values.add(text.getString());
    }
    return List.copyOf(values);
  }

  private static Constraints constraints(
      JsonObject request, List<InvalidInputException.Violation> problems) {
    var json = object(request, "constraints", "constraints", problems);
    if (json.isEmpty()) {
      return Constraints.NONE;
    }
    var object = json.get();
    unknownFields(
        object,
        Set.of("allowedDomains", "forbiddenActions", "noDuplicateExternalActions"),
        "constraints",
        problems);
    var domains =
        array(object, "allowedDomains", "constraints.allowedDomains", MAX_DOMAINS, problems)
            .map(
                a ->
                    strings(
                        a,
                        "constraints.allowedDomains",
                        DOMAIN,
                        "must be a lower-case host name or domain, such as api.example.com",
                        problems))
            .orElse(List.of());
    var forbidden =
        array(
                object,
                "forbiddenActions",
                "constraints.forbiddenActions",
                MAX_FORBIDDEN_ACTIONS,
                problems)
            .map(
                a ->
                    strings(
                        a,
                        "constraints.forbiddenActions",
                        TOOL_NAME,
                        "must be a tool name, such as send_email",
                        problems))
            .orElse(List.of());
    return new Constraints(
        domains,
        Set.copyOf(forbidden),
        flag(
            object,
            "noDuplicateExternalActions",
            "constraints.noDuplicateExternalActions",
            problems));
  }

  private static List<String> names(
      JsonObject request, String field, int max, List<InvalidInputException.Violation> problems) {
    return array(request, field, field, max, problems)
        .map(
            a ->
                strings(
                    a,
                    field,
                    RunArtifact.NAME,
                    "must be an artifact name: 1-200 letters, digits, '.', '-' or '_'",
                    problems))
        .orElse(List.of());
  }

  private static Escalation escalation(
      JsonObject request, List<InvalidInputException.Violation> problems) {
    var json = object(request, "escalation", "escalation", problems);
    if (json.isEmpty()) {
      return Escalation.NONE;
    }
    var object = json.get();
    unknownFields(
        object, Set.of("onAuthFailure", "onAmbiguity", "onBudget"), "escalation", problems);
    return new Escalation(
        flag(object, "onAuthFailure", "escalation.onAuthFailure", problems),
        flag(object, "onAmbiguity", "escalation.onAmbiguity", problems),
        flag(object, "onBudget", "escalation.onBudget", problems));
  }

  private static Map<RunBudget, Long> budgets(
      JsonObject request, List<InvalidInputException.Violation> problems) {
    var json = object(request, "budgets", "budgets", problems);
    if (json.isEmpty()) {
      return Map.of();
    }
    var budgets = new EnumMap<RunBudget, Long>(RunBudget.class);
    for (var entry : json.get().entrySet()) {
      var path = "budgets." + entry.getKey();
      var budget = budgetNamed(entry.getKey());
      if (budget.isEmpty()) {
        problems.add(
            new InvalidInputException.Violation(path, "is not a budget; known: " + budgetNames()));
        continue;
      }
      var min = RunSpec.min(budget.get());
      var max = RunSpec.max(budget.get());
      if (!(entry.getValue() instanceof jakarta.json.JsonNumber number)
          || !number.isIntegral()
          || number.bigIntegerValue().compareTo(java.math.BigInteger.valueOf(min)) < 0
          || number.bigIntegerValue().compareTo(java.math.BigInteger.valueOf(max)) > 0) {
        problems.add(
            new InvalidInputException.Violation(
                path, "must be an integer from " + min + " to " + max));
        continue;
      }
      budgets.put(budget.get(), number.longValue());
    }
    return budgets;
  }

  private static boolean isPointer(String pointer) {
    try {
      JsonDocuments.provider().createPointer(pointer);
      return true;
    } catch (jakarta.json.JsonException e) {
      return false;
    }
  }

  private static Optional<RunBudget> budgetNamed(String field) {
    for (var budget : RunBudget.values()) {
      if (budget.field().equals(field)) {
        return Optional.of(budget);
      }
    }
    return Optional.empty();
  }

  private static String budgetNames() {
    return java.util.Arrays.stream(RunBudget.values())
        .map(RunBudget::field)
        .collect(Collectors.joining(", "));
  }

  private static List<StopCondition> stopConditions(
      JsonObject request, List<InvalidInputException.Violation> problems) {
    var json = array(request, "stopConditions", "stopConditions", MAX_STOP_CONDITIONS, problems);
    if (json.isEmpty()) {
      return List.of();
    }
    var conditions = new ArrayList<StopCondition>();
    for (var i = 0; i < json.get().size(); i++) {
      var path = "stopConditions[" + i + "]";
      var item = json.get().get(i);
      if (item.getValueType() != JsonValue.ValueType.OBJECT) {
        problems.add(new InvalidInputException.Violation(path, "must be an object"));
        continue;
      }
      stopCondition(item.asJsonObject(), path, problems).ifPresent(conditions::add);
    }
    return conditions;
  }

  private static Optional<StopCondition> stopCondition(
      JsonObject object, String path, List<InvalidInputException.Violation> problems) {
    var type = object.get("type") instanceof JsonString text ? text.getString() : "";
    switch (type) {
      case "artifactExists" -> {
        unknownFields(object, Set.of("type", "artifact"), path, problems);
        var name = object.get("artifact") instanceof JsonString text ? text.getString() : null;
        if (name == null || !RunArtifact.NAME.matcher(name).matches()) {
          problems.add(
              new InvalidInputException.Violation(
                  path + ".artifact",
                  "must be an artifact name: 1-200 letters, digits, '.', '-' or '_'"));
          return Optional.empty();
        }
        return Optional.of(new ArtifactExists(name));
      }
      case "toolResult" -> {
        unknownFields(object, Set.of("type", "tool", "pointer", "equals"), path, problems);
        var tool = object.get("tool") instanceof JsonString text ? text.getString() : "";
        if (!TOOL_NAME.matcher(tool).matches()) {
          problems.add(
              new InvalidInputException.Violation(
                  path + ".tool", "must be a tool name, such as send_email"));
          return Optional.empty();
        }
        Optional<String> pointer = Optional.empty();
        if (object.containsKey("pointer")) {
          var given = object.get("pointer") instanceof JsonString text ? text.getString() : "";
          if (!given.startsWith("/") || given.length() > MAX_POINTER_LENGTH || !isPointer(given)) {
            problems.add(
                new InvalidInputException.Violation(
                    path + ".pointer",
                    "must be a JSON pointer into the tool's result, such as /status (at most "
                        + MAX_POINTER_LENGTH
                        + " chars)"));
            return Optional.empty();
          }
          pointer = Optional.of(given);
        }
        var equals = Optional.ofNullable(object.get("equals"));
        if (equals.isPresent() && pointer.isEmpty()) {
          problems.add(
              new InvalidInputException.Violation(
                  path + ".equals", "needs a pointer naming where in the result to compare"));
          return Optional.empty();
        }
        if (equals.isPresent() && equals.get().toString().length() > MAX_EQUALS_LENGTH) {
          problems.add(
              new InvalidInputException.Violation(
                  path + ".equals", "may be at most " + MAX_EQUALS_LENGTH + " chars of JSON"));
          return Optional.empty();
        }
        return Optional.of(new ToolResultMatches(tool, pointer, equals));
      }
      case "budget" -> {
        unknownFields(object, Set.of("type", "budget"), path, problems);
        var name = object.get("budget") instanceof JsonString text ? text.getString() : "";
        var budget = budgetNamed(name);
        if (budget.isEmpty()) {
          problems.add(
              new InvalidInputException.Violation(
                  path + ".budget", "must name a budget: " + budgetNames()));
          return Optional.empty();
        }
        return Optional.of(new BudgetReached(budget.get()));
      }
      default -> {
        problems.add(
            new InvalidInputException.Violation(
                path + ".type", "must be artifactExists, toolResult or budget"));
        return Optional.empty();
      }
    }
  }
}
