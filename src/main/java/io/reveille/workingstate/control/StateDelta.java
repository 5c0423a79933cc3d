package io.reveille.workingstate.control;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A change of working state (the add/update/remove operations on items, and assumptions,
 * expectations and hypotheses to put by id), as an end-of-run summariser proposes it.
 */
public record StateDelta(
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

  /** Changes the given fields of an existing item. */
  public record Update(
      String id, Optional<String> title, Optional<String> details, Optional<String> status)
      implements ItemOp {
    public Update {
      id = Expectation.text("id", id, 64);
    }
  }

  /** Removes an existing item. */
  public record Remove(String id) implements ItemOp {
    public Remove {
      id = Expectation.text("id", id, 64);
    }
  }

  public StateDelta {
    itemOps = List.copyOf(itemOps);
    assumptions = List.copyOf(assumptions);
    expectations = List.copyOf(expectations);
    hypotheses = List.copyOf(hypotheses);
  }
}
