package io.reveille.platform.persistence;

import io.reveille.platform.error.InvalidInputException;
import jakarta.persistence.TypedQuery;
import java.util.List;
import java.util.Optional;

/**
 * Which rows of an ordered list to read: {@code limit} rows from {@code offset}. Every list the API
 * returns is read through a window, so no request reads or returns an unbounded list.
 *
 * @param offset rows to skip, 0 to {@link #MAX_OFFSET}
 * @param limit rows to return, 1 to {@link #MAX_LIMIT}
 */
public record Window(int offset, int limit) {

  /** Rows of one page when a request names no limit. */
  public static final int DEFAULT_LIMIT = 100;

  /** The most rows one page may hold. */
  public static final int MAX_LIMIT = 500;

  /** The furthest a window may start: deeper offsets are better served by a narrower filter. */
  public static final int MAX_OFFSET = 1_000_000;

  public Window {
    if (offset < 0 || offset > MAX_OFFSET) {
      throw new InvalidInputException(
          "offset", "must be between 0 and " + MAX_OFFSET + ", got " + offset);
    }
    if (limit < 1 || limit > MAX_LIMIT) {
      throw new InvalidInputException(
          "limit", "must be between 1 and " + MAX_LIMIT + ", got " + limit);
    }
  }

  /** The first page of the default size. */
  public static Window first() {
    return new Window(0, DEFAULT_LIMIT);
  }

  /**
   * Reads this window of an ordered query: one row more than the limit tells whether more follow.
   */
  public <T> Page<T> read(TypedQuery<T> query) {
    return page(query.setFirstResult(offset).setMaxResults(limit + 1).getResultList());
  }

  /** This window of a list already read whole (a short list, such as one task's checklists). */
  public <T> Page<T> of(List<T> all) {
    if (offset >= all.size()) {
      return new Page<>(List.of(), this, false);
    }
    return page(all.subList(offset, Math.min(all.size(), offset + limit + 1)));
  }

  private <T> Page<T> page(List<T> rows) {
    var more = rows.size() > limit;
    return new Page<>(List.copyOf(more ? rows.subList(0, limit) : rows), this, more);
  }

  /**
   * One page of a list.
   *
   * @param items the rows of the window, in the list's order
   * @param window the window they were read through
   * @param more whether rows follow this page
   */
  public record Page<T>(List<T> items, Window window, boolean more) {

    /** The window of the next page, when rows follow. */
    public Optional<Window> next() {
      return more && window.offset() + window.limit() <= MAX_OFFSET
          ? Optional.of(new Window(window.offset() + window.limit(), window.limit()))
          : Optional.empty();
    }
  }
}
