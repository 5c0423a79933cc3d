package io.reveille.workingstate.control;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A change of working state, as an end-of-run summariser proposes it: entities and dependencies of
 * the understanding, assumptions, expectations and hypotheses to put by id, and add/update/remove
 * operations on the items. Its wire form is the document {@code
 * workingstate/state-delta.schema.json} describes ({@link WorkingStateDocuments#delta}).
 */
public record StateDelta(
    List<WorkingState.Entity> entities,
    List<WorkingState.Dependency> dependencies,
    List<ItemOp> itemOps,
    List<Assumption> assumptions,
    List<Expectation> expectations,
    List<WorkingState.Hypothesis> hypotheses) {

  /** One operation on the items. */
  public sealed interface ItemOp permits Add, Update, Remove {}

  /** Adds an item whose id is new. */
  public record Add(WorkingState.Item item) implements ItemOp {
    public Add {
      Objects.requireNonNull(item, "item");
    }
  }

  /** Changes the given fields of an existing item ({@code relatedEntityIds} replaced whole). */
  public record Update(
      String id,
      Optional<String> title,
      Optional<String> details,
      Optional<String> status,
      Optional<List<String>> relatedEntityIds)
      implements ItemOp {
    public Update {
      id = Expectation.text("item.id", id, WorkingState.MAX_ID_LENGTH);
      Objects.requireNonNull(title, "title");
      Objects.requireNonNull(details, "details");
      Objects.requireNonNull(status, "status");
      Objects.requireNonNull(relatedEntityIds, "relatedEntityIds");
    }

    /** An update that leaves the related entities as they are. */
    public Update(
        String id, Optional<String> title, Optional<String> details, Optional<String> status) {
      this(id, title, details, status, Optional.empty());
    }
  }

  /** Removes an existing item. */
  public record Remove(String id) implements ItemOp {
    public Remove {
      id = Expectation.text("item.id", id, WorkingState.MAX_ID_LENGTH);
    }
  }

  public StateDelta {
    entities = List.copyOf(entities);
    dependencies = List.copyOf(dependencies);
    itemOps = List.copyOf(itemOps);
    assumptions = List.copyOf(assumptions);
    expectations = List.copyOf(expectations);
    hypotheses = List.copyOf(hypotheses);
  }

  /** A delta of item operations and puts, without understanding. */
  public StateDelta(
      List<ItemOp> itemOps,
      List<Assumption> assumptions,
      List<Expectation> expectations,
      List<WorkingState.Hypothesis> hypotheses) {
    this(List.of(), List.of(), itemOps, assumptions, expectations, hypotheses);
  }

  public boolean isEmpty() {
    return entities.isEmpty()
        && dependencies.isEmpty()
        && itemOps.isEmpty()
        && assumptions.isEmpty()
        && expectations.isEmpty()
        && hypotheses.isEmpty();
  }
}
