package io.reveille.workingstate.control;

import io.reveille.platform.error.InvalidInputException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * An agent's working state for one thread, immutable: every change is a new state, so a refused
 * change leaves the old one as it was.
 *
 * <ul>
 *   <li>{@code entities} and {@code dependencies}: what it understands, kept current from tool
 *       results; the most recently touched are kept, the oldest forgotten beyond the bound;
 *   <li>{@code assumptions}: what it holds true, with a confidence that drops only when something
 *       contradicts it (never with time);
 *   <li>{@code expectations}: what its actions should do, {@code pending} until a tool result
 *       confirms or contradicts them;
 *   <li>{@code hypotheses} and {@code items}: open questions, tasks and notes of its own;
 *   <li>{@code summarisedRuns}: the runs whose end-of-run delta is in, so a run executed again
 *       after a crash does not apply it twice.
 * </ul>
 *
 * <p>Bounded, so that it always fits a model's context: every list has a maximum size (the {@code
 * MAX_*} constants) and every text a maximum length; the constructor refuses a state beyond them,
 * naming the list and the size the change would make.
 */
public record WorkingState(
    List<Entity> entities,
    List<Dependency> dependencies,
    List<Assumption> assumptions,
    List<Expectation> expectations,
    List<Hypothesis> hypotheses,
    List<Item> items,
    List<String> summarisedRuns,
    Optional<Instant> lastSummarizedAt) {

  /** Entities of the understanding; beyond it, the least recently touched are forgotten. */
  public static final int MAX_ENTITIES = 200;

  /** Dependencies of the understanding; beyond it, the oldest are forgotten. */
  public static final int MAX_DEPENDENCIES = 200;

  /** Assumptions; a delta beyond it is refused, a discrepancy beyond it drops the oldest. */
  public static final int MAX_ASSUMPTIONS = 50;

  /** Expectations; declaring one more drops the oldest checked one, or is refused. */
  public static final int MAX_EXPECTATIONS = 50;

  /** Hypotheses; a delta beyond it is refused. */
  public static final int MAX_HYPOTHESES = 20;

  /** Items (tasks, notes, open questions); a delta beyond it is refused. */
  public static final int MAX_ITEMS = 50;

  /** Run keys remembered as summarised. */
  public static final int MAX_SUMMARISED_RUNS = 20;

  /** Ids the expectation lists, evidence references an assumption lists. */
  public static final int MAX_EXPECTED_IDS = 20;

  public static final int MAX_EVIDENCE = 5;

  /** Text lengths: ids of its own, kinds and actions, references, names, outcomes, long texts. */
  public static final int MAX_ID_LENGTH = 64;

  public static final int MAX_KIND_LENGTH = 64;
  public static final int MAX_REF_LENGTH = 200;
  public static final int MAX_TITLE_LENGTH = 500;
  public static final int MAX_OUTCOME_LENGTH = 1000;
  public static final int MAX_TEXT_LENGTH = 2000;
  public static final int MAX_DETAILS_LENGTH = 4000;

  /** Confidence of an assumption born of a mismatch. */
  static final double DISCREPANCY_CONFIDENCE = 0.7;

  /** An entity the agent knows of, its kind (a semantic key: TASK, AGENT…) and maybe its name. */
  public record Entity(String id, String kind, String name) {
    public Entity {
      id = Expectation.text("entity.id", id, MAX_REF_LENGTH);
      kind = Expectation.text("entity.kind", kind, MAX_KIND_LENGTH);
      name = optional("entity.name", name, MAX_REF_LENGTH);
    }

    public Entity(String id, String kind) {
      this(id, kind, null);
    }
  }

  /** {@code from} depends on {@code to} ({@code rel}: how). */
  public record Dependency(String from, String to, String rel) {
    public Dependency {
      from = Expectation.text("dependency.from", from, MAX_REF_LENGTH);
      to = Expectation.text("dependency.to", to, MAX_REF_LENGTH);
      rel = optional("dependency.rel", rel, MAX_KIND_LENGTH);
    }

    String key() {
      return from + "\u0000" + to + "\u0000" + (rel == null ? "" : rel);
    }
  }

  /** An open hypothesis and why it is held. */
  public record Hypothesis(String id, String hypothesis, String reason) {
    public Hypothesis {
      id = Expectation.text("hypothesis.id", id, MAX_ID_LENGTH);
      hypothesis = Expectation.text("hypothesis.hypothesis", hypothesis, MAX_TEXT_LENGTH);
      reason = optional("hypothesis.reason", reason, MAX_OUTCOME_LENGTH);
    }
  }

  /**
   * A task, doc, note, idea or question of the agent's own.
   *
   * @param relatedEntityIds the entities (journal ids, or ids of the understanding) it concerns
   * @param createdAt when a delta added it; null for an item kept from before the field
   * @param updatedAt when a delta last added or changed it; null as {@code createdAt}
   */
  public record Item(
      String id,
      String kind,
      String title,
      String details,
      String status,
      List<String> relatedEntityIds,
      Instant createdAt,
      Instant updatedAt) {
    public static final List<String> KINDS = List.of("task", "doc", "note", "idea", "question");
    public static final List<String> STATUSES = List.of("active", "resolved", "discarded");

    /** Most entities one item names. */
    public static final int MAX_RELATED = 20;

    /** An item not yet stamped, relating to no entity. */
    public Item(String id, String kind, String title, String details, String status) {
      this(id, kind, title, details, status, List.of(), null, null);
    }

    /** The same item, related to {@code ids} (checked as the canonical constructor does). */
    public Item relatedTo(List<String> ids) {
      return new Item(id, kind, title, details, status, ids, createdAt, updatedAt);
    }

    /** The same item, added or changed at {@code created} and {@code updated}. */
    Item stamped(Instant created, Instant updated) {
      return new Item(id, kind, title, details, status, relatedEntityIds, created, updated);
    }

    public Item {
      relatedEntityIds = List.copyOf(relatedEntityIds);
      if (relatedEntityIds.size() > MAX_RELATED) {
        throw new InvalidInputException("item.relatedEntityIds", "at most " + MAX_RELATED + " ids");
      }
      relatedEntityIds.forEach(
          ref -> Expectation.text("item.relatedEntityIds", ref, MAX_REF_LENGTH));
      if (new java.util.HashSet<>(relatedEntityIds).size() != relatedEntityIds.size()) {
        throw new InvalidInputException("item.relatedEntityIds", "names an id twice");
      }
      id = Expectation.text("item.id", id, MAX_ID_LENGTH);
      if (!KINDS.contains(kind)) {
        throw new InvalidInputException("item.kind", "one of " + KINDS);
      }
      title = Expectation.text("item.title", title, MAX_TITLE_LENGTH);
      details = optional("item.details", details, MAX_DETAILS_LENGTH);
      if (!STATUSES.contains(status)) {
        throw new InvalidInputException("item.status", "one of " + STATUSES);
      }
    }
  }

  public WorkingState {
    entities = bounded("entities", entities, MAX_ENTITIES);
    dependencies = bounded("dependencies", dependencies, MAX_DEPENDENCIES);
    assumptions = bounded("assumptions", assumptions, MAX_ASSUMPTIONS);
    expectations = bounded("expectations", expectations, MAX_EXPECTATIONS);
    hypotheses = bounded("hypotheses", hypotheses, MAX_HYPOTHESES);
    items = bounded("items", items, MAX_ITEMS);
    summarisedRuns = bounded("summarisedRuns", summarisedRuns, MAX_SUMMARISED_RUNS);
    Objects.requireNonNull(lastSummarizedAt, "lastSummarizedAt");
  }

  public static WorkingState empty() {
    return new WorkingState(
        List.of(),
        List.of(),
        List.of(),
        List.of(),
        List.of(),
        List.of(),
        List.of(),
        Optional.empty());
  }

  /** Whether it holds nothing a model should read. */
  public boolean isEmpty() {
    return entities.isEmpty()
        && dependencies.isEmpty()
        && assumptions.isEmpty()
        && expectations.isEmpty()
        && hypotheses.isEmpty()
        && items.isEmpty();
  }

  private WorkingState with(
      List<Entity> entities,
      List<Dependency> dependencies,
      List<Assumption> assumptions,
      List<Expectation> expectations,
      List<Hypothesis> hypotheses,
      List<Item> items) {
    return new WorkingState(
        entities,
        dependencies,
        assumptions,
        expectations,
        hypotheses,
        items,
        summarisedRuns,
        lastSummarizedAt);
  }

  /**
   * The state with an expectation added, pending (an action the agent is about to take). Declaring
   * the same expectation again (same id, same declaration) changes nothing, so a repeated step is
   * harmless; the same id with another declaration is refused. At the bound the oldest checked
   * expectation makes room; when every one is still pending, the new one is refused.
   */
  public WorkingState expect(Expectation expectation) {
    var existing = expectations.stream().filter(e -> e.id().equals(expectation.id())).findFirst();
    if (existing.isPresent()) {
      if (existing.get().sameDeclarationAs(expectation)) {
        return this;
      }
      throw new InvalidInputException(
          "expectation.id", "already expected, with another declaration: " + expectation.id());
    }
    var next = new ArrayList<>(expectations);
    if (next.size() >= MAX_EXPECTATIONS) {
      var checked = next.stream().filter(e -> e.status() != Expectation.Status.PENDING).findFirst();
      if (checked.isEmpty()) {
        throw new InvalidInputException(
            "expectations",
            "at most " + MAX_EXPECTATIONS + " expectations, and all of them are still pending");
      }
      next.remove(checked.get());
    }
    next.add(expectation);
    return with(entities, dependencies, assumptions, next, hypotheses, items);
  }

  /**
   * The state after a tool result: the entities it touched become known (the most recently touched
   * last), and every pending expectation of its tool is checked ({@link OutcomeMatcher}). A match
   * confirms it; a mismatch fails it, adds an assumption describing the discrepancy (evidence: the
   * tool action and the expectation) and halves the confidence of the assumptions that rested on
   * that expectation (the contradiction); an expectation without structure stays pending. Bounds
   * are kept by forgetting the oldest entities and assumptions, never by refusing: a tool result
   * has happened.
   */
  public WorkingState afterToolResult(
      ObservedOutcome outcome, Instant now, Supplier<String> newId) {
    Objects.requireNonNull(outcome, "outcome");
    var kind = outcome.kind();
    var touched = new ArrayList<Entity>();
    for (var id : outcome.ids()) {
      if (id.isBlank() || id.length() > MAX_REF_LENGTH) {
        continue;
      }
      var known = entities.stream().filter(e -> e.id().equals(id)).findFirst();
      // A result touching several kinds says less of each entity than what is known already.
      touched.add(
          known.isPresent() && "entity".equals(kind)
              ? known.get()
              : new Entity(id, kind, known.map(Entity::name).orElse(null)));
    }
    var nextEntities = touch(entities, touched, Entity::id, MAX_ENTITIES);

    var nextExpectations = new ArrayList<Expectation>();
    var nextAssumptions = new ArrayList<>(assumptions);
    for (var expectation : expectations) {
      if (expectation.status() != Expectation.Status.PENDING
          || !expectation.action().equals(outcome.toolName())) {
        nextExpectations.add(expectation);
        continue;
      }
      switch (OutcomeMatcher.check(expectation, outcome)) {
        case MATCH -> nextExpectations.add(expectation.checked(Expectation.Status.CONFIRMED, now));
        case SKIP -> nextExpectations.add(expectation);
        case MISMATCH -> {
          nextExpectations.add(expectation.checked(Expectation.Status.FAILED, now));
          var about = Assumption.about(expectation);
          nextAssumptions.replaceAll(a -> a.evidence().contains(about) ? a.contradicted() : a);
          nextAssumptions.add(
              new Assumption(
                  newId.get(),
                  cut(
                      "Expected \""
                          + expectation.expectedOutcome()
                          + "\" but "
                          + outcome.describe(),
                      MAX_TEXT_LENGTH),
                  DISCREPANCY_CONFIDENCE,
                  List.of(cut(outcome.toolActionId(), MAX_REF_LENGTH), about)));
        }
      }
    }
    while (nextAssumptions.size() > MAX_ASSUMPTIONS) {
      nextAssumptions.remove(0);
    }
    return with(nextEntities, dependencies, nextAssumptions, nextExpectations, hypotheses, items);
  }

  /**
   * The state after a delta (an end-of-run summariser's): its entities and dependencies join the
   * understanding (most recent last, the oldest forgotten beyond the bound), its item operations
   * apply in order, then its assumptions, expectations and hypotheses are put by id. Every
   * operation is checked against the state as it goes; one that cannot apply (adding an id that
   * exists, updating or removing one that does not) refuses the whole delta with the operation's
   * index, as does a result beyond a bound, and this state stays as it was.
   */
  public WorkingState apply(StateDelta delta, Instant now) {
    Objects.requireNonNull(now, "now");
    var nextItems = new LinkedHashMap<String, Item>();
    items.forEach(i -> nextItems.put(i.id(), i));
    var index = 0;
    for (var op : delta.itemOps()) {
      var where = "itemOps[" + index++ + "]";
      if (op instanceof StateDelta.Add add) {
        if (nextItems.containsKey(add.item().id())) {
          throw new InvalidInputException(where, "adds item " + add.item().id() + ", which exists");
        }
        nextItems.put(add.item().id(), add.item().stamped(now, now));
      } else if (op instanceof StateDelta.Update update) {
        var current = nextItems.get(update.id());
        if (current == null) {
          throw new InvalidInputException(
              where, "updates item " + update.id() + ", which does not exist");
        }
        nextItems.put(
            update.id(),
            new Item(
                current.id(),
                current.kind(),
                update.title().orElse(current.title()),
                update.details().orElse(current.details()),
                update.status().orElse(current.status()),
                update.relatedEntityIds().orElse(current.relatedEntityIds()),
                current.createdAt(),
                now));
      } else if (op instanceof StateDelta.Remove remove && nextItems.remove(remove.id()) == null) {
        throw new InvalidInputException(
            where, "removes item " + remove.id() + ", which does not exist");
      }
    }
    return with(
        touch(entities, delta.entities(), Entity::id, MAX_ENTITIES),
        touch(dependencies, delta.dependencies(), Dependency::key, MAX_DEPENDENCIES),
        put(assumptions, delta.assumptions(), Assumption::id),
        put(expectations, delta.expectations(), Expectation::id),
        put(hypotheses, delta.hypotheses(), Hypothesis::id),
        List.copyOf(nextItems.values()));
  }

  /** The state with {@code runKey}'s end-of-run delta recorded as applied at {@code now}. */
  public WorkingState summarised(String runKey, Instant now) {
    var runs = new ArrayList<>(summarisedRuns);
    runs.remove(runKey);
    runs.add(Objects.requireNonNull(runKey, "runKey"));
    while (runs.size() > MAX_SUMMARISED_RUNS) {
      runs.remove(0);
    }
    return new WorkingState(
        entities,
        dependencies,
        assumptions,
        expectations,
        hypotheses,
        items,
        runs,
        Optional.of(now));
  }

  /** Whether {@code runKey}'s end-of-run delta is in already. */
  public boolean hasSummarised(String runKey) {
    return summarisedRuns.contains(runKey);
  }

  private static <T> List<T> put(List<T> current, List<T> given, Function<T, String> id) {
    Map<String, T> byId = new LinkedHashMap<>();
    current.forEach(t -> byId.put(id.apply(t), t));
    given.forEach(t -> byId.put(id.apply(t), t));
    return List.copyOf(byId.values());
  }

  /** Puts {@code given} last (most recent), keeping at most {@code max}, the oldest dropped. */
  private static <T> List<T> touch(
      List<T> current, List<T> given, Function<T, String> id, int max) {
    Map<String, T> byId = new LinkedHashMap<>();
    current.forEach(t -> byId.put(id.apply(t), t));
    given.forEach(
        t -> {
          byId.remove(id.apply(t));
          byId.put(id.apply(t), t);
        });
    var all = new ArrayList<>(byId.values());
    return List.copyOf(all.subList(Math.max(0, all.size() - max), all.size()));
  }

  private static <T> List<T> bounded(String field, List<T> values, int max) {
    var copy = List.copyOf(values);
    if (copy.size() > max) {
      throw new InvalidInputException(
          field, "at most " + max + " " + field + "; this change would make " + copy.size());
    }
    return copy;
  }

  private static String optional(String field, String value, int max) {
    return value == null ? null : Expectation.text(field, value, max);
  }

  static String cut(String text, int max) {
    return text.length() <= max ? text : text.substring(0, max - 1) + "…";
  }

  /** The pending expectations, for a planner deciding what to check. */
  public List<Expectation> pending() {
    return expectations.stream().filter(e -> e.status() == Expectation.Status.PENDING).toList();
  }

  /** The item of this id, if the state has one. */
  public Optional<Item> item(String id) {
    return items.stream().filter(i -> i.id().equals(id)).findFirst();
  }
}
