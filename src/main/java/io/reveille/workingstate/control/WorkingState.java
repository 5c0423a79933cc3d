package io.reveille.workingstate.control;

import io.reveille.platform.error.InvalidInputException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * An agent's working state for one thread, immutable: every change is a new state, so a refused
 * change leaves the old one as it was.
 *
 * <ul>
 *   <li>{@code entities} and {@code dependencies}: what it understands, kept current from tool
 *       results;
 *   <li>{@code assumptions}: what it holds true, with a confidence that drops only when something
 *       contradicts it (never with time);
 *   <li>{@code expectations}: what its actions should do, {@code pending} until a tool result
 *       confirms or contradicts them;
 *   <li>{@code hypotheses} and {@code items}: open questions, tasks and notes of its own.
 * </ul>
 */
public record WorkingState(
    List<Entity> entities,
    List<Dependency> dependencies,
    List<Assumption> assumptions,
    List<Expectation> expectations,
    List<Hypothesis> hypotheses,
    List<Item> items) {

  /** Confidence of an assumption born of a mismatch. */
  static final double DISCREPANCY_CONFIDENCE = 0.7;

  /** An entity the agent knows of. */
  public record Entity(String id, String kind) {
    public Entity {
      id = Expectation.text("entity.id", id, 200);
      kind = Expectation.text("entity.kind", kind, 64);
    }
  }

  /** {@code from} depends on {@code to} ({@code rel}: how). */
  public record Dependency(String from, String to, String rel) {
    public Dependency {
      from = Expectation.text("dependency.from", from, 200);
      to = Expectation.text("dependency.to", to, 200);
    }
  }

  /** An open hypothesis and why it is held. */
  public record Hypothesis(String id, String hypothesis, String reason) {
    public Hypothesis {
      id = Expectation.text("hypothesis.id", id, 64);
      hypothesis = Expectation.text("hypothesis.hypothesis", hypothesis, 2000);
    }
  }

  /** A task, doc, note, idea or question of the agent's own. */
  public record Item(String id, String kind, String title, String details, String status) {
    static final List<String> KINDS = List.of("task", "doc", "note", "idea", "question");
    static final List<String> STATUSES = List.of("active", "resolved", "discarded");

    public Item {
      id = Expectation.text("item.id", id, 64);
      if (!KINDS.contains(kind)) {
        throw new InvalidInputException("item.kind", "one of " + KINDS);
      }
      title = Expectation.text("item.title", title, 500);
      if (details != null && details.length() > 4000) {
        throw new InvalidInputException("item.details", "at most 4000 characters");
      }
      if (!STATUSES.contains(status)) {
        throw new InvalidInputException("item.status", "one of " + STATUSES);
      }
    }
  }

  public WorkingState {
    entities = List.copyOf(entities);
    dependencies = List.copyOf(dependencies);
    assumptions = List.copyOf(assumptions);
    expectations = List.copyOf(expectations);
    hypotheses = List.copyOf(hypotheses);
    items = List.copyOf(items);
  }

  public static WorkingState empty() {
    return new WorkingState(List.of(), List.of(), List.of(), List.of(), List.of(), List.of());
  }

  /** The state with an expectation added, pending (an action the agent is about to take). */
  public WorkingState expect(Expectation expectation) {
    if (expectations.stream().anyMatch(e -> e.id().equals(expectation.id()))) {
      throw new InvalidInputException("expectation.id", "already expected: " + expectation.id());
    }
    var next = new ArrayList<>(expectations);
    next.add(expectation);
    return new WorkingState(entities, dependencies, assumptions, next, hypotheses, items);
  }

  /**
   * The state after a tool result: the entities it touched become known, and every pending
   * expectation of its tool is checked ({@link OutcomeMatcher}). A match confirms it; a mismatch
   * fails it, adds an assumption describing the discrepancy (evidence: the tool action and the
   * expectation) and halves the confidence of the assumptions that rested on that expectation (the
   * contradiction); an expectation without structure stays pending.
   */
  public WorkingState afterToolResult(
      ObservedOutcome outcome, Instant now, Supplier<String> newId) {
    Objects.requireNonNull(outcome, "outcome");
    var known = new LinkedHashMap<String, Entity>();
    entities.forEach(e -> known.put(e.id(), e));
    var kind = outcome.types().size() == 1 ? outcome.types().get(0) : "entity";
    outcome.ids().forEach(id -> known.putIfAbsent(id, new Entity(id, kind)));

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
                  "Expected \"" + expectation.expectedOutcome() + "\" but " + outcome.describe(),
                  DISCREPANCY_CONFIDENCE,
                  List.of(outcome.toolActionId(), about)));
        }
      }
    }
    return new WorkingState(
        List.copyOf(known.values()),
        dependencies,
        nextAssumptions,
        nextExpectations,
        hypotheses,
        items);
  }

  /**
   * The state after a delta (an end-of-run summariser's): its item operations in order, then its
   * assumptions, expectations and hypotheses put by id. Every operation is checked against the
   * state as it goes; one that cannot apply (adding an id that exists, updating or removing one
   * that does not) refuses the whole delta with the operation's index, and this state stays as it
   * was.
   */
  public WorkingState apply(StateDelta delta) {
    var nextItems = new LinkedHashMap<String, Item>();
    items.forEach(i -> nextItems.put(i.id(), i));
    var index = 0;
    for (var op : delta.itemOps()) {
      var where = "itemOps[" + index++ + "]";
      if (op instanceof StateDelta.Add add) {
        if (nextItems.containsKey(add.item().id())) {
          throw new InvalidInputException(where, "adds item " + add.item().id() + ", which exists");
        }
        nextItems.put(add.item().id(), add.item());
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
                update.status().orElse(current.status())));
      } else if (op instanceof StateDelta.Remove remove && nextItems.remove(remove.id()) == null) {
        throw new InvalidInputException(
            where, "removes item " + remove.id() + ", which does not exist");
      }
    }
    return new WorkingState(
        entities,
        dependencies,
        put(assumptions, delta.assumptions(), Assumption::id),
        put(expectations, delta.expectations(), Expectation::id),
        put(hypotheses, delta.hypotheses(), Hypothesis::id),
        List.copyOf(nextItems.values()));
  }

  private static <T> List<T> put(
      List<T> current, List<T> given, java.util.function.Function<T, String> id) {
    Map<String, T> byId = new LinkedHashMap<>();
    current.forEach(t -> byId.put(id.apply(t), t));
    given.forEach(t -> byId.put(id.apply(t), t));
    return List.copyOf(byId.values());
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
