package io.reveille.journal.entity;

import static io.reveille.platform.entity.Guards.idArgument;
import static io.reveille.platform.entity.Guards.nonBlankText;
import static io.reveille.platform.entity.Guards.optionalText;
import static io.reveille.platform.entity.Guards.required;

import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.wire.WireEnum;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A score from 1 to 5 on one dimension ({@code productivity}, {@code focus}, {@code energy}, …) of
 * a task, a time entry or a day plan. There is at most one rating per target and dimension; rating
 * again changes it ({@link #rate}).
 *
 * <p>The category is the target's (a day plan, which has none, is rated in an explicit category)
 * and never changes, so a scope check and the summary per category need no join.
 */
@Entity
@Table(name = "journal_ratings")
@NamedQuery(
    name = "Rating.byTargetAndDimension",
    query =
        "SELECT r FROM Rating r WHERE r.targetType = :targetType AND r.targetId = :targetId"
            + " AND r.dimension = :dimension")
@NamedQuery(
    name = "Rating.byTarget",
    query =
        "SELECT r FROM Rating r WHERE r.targetType = :targetType AND r.targetId = :targetId"
            + " ORDER BY r.dimension")
public class Rating {

  public static final int MAX_ID_LENGTH = 64;
  public static final int MAX_TARGET_ID_LENGTH = 64;
  public static final int MAX_NOTE_LENGTH = 2000;
  public static final int MIN_VALUE = 1;
  public static final int MAX_VALUE = 5;

  /** A dimension's name: an identifier, so that it can be a subscription predicate's value. */
  public static final Pattern DIMENSION = Pattern.compile("[a-z][a-zA-Z0-9_.-]{0,63}");

  @Id
  @Column(name = "id", length = MAX_ID_LENGTH, nullable = false, updatable = false)
  private String id;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  @Column(name = "target_type", length = 16, nullable = false, updatable = false)
  private String targetType;

  @Column(name = "target_id", length = MAX_TARGET_ID_LENGTH, nullable = false, updatable = false)
  private String targetId;

  @Column(name = "dimension", length = 64, nullable = false, updatable = false)
  private String dimension;

  @Column(name = "rating_value", nullable = false)
  private int value;

  @Column(name = "note", length = MAX_NOTE_LENGTH)
  private String note;

  @Column(
      name = "category_id",
      length = Category.MAX_ID_LENGTH,
      nullable = false,
      updatable = false)
  private String categoryId;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "updated_at", nullable = false)
  private Instant updatedAt;

  protected Rating() {}

  public Rating(
      String id,
      RatingTarget targetType,
      String targetId,
      String dimension,
      int value,
      String note,
      String categoryId,
      Instant now) {
    this.id = idArgument("rating id", id, MAX_ID_LENGTH);
    this.targetType = required("targetType", targetType).wire();
    this.targetId = nonBlankText("targetId", targetId, MAX_TARGET_ID_LENGTH);
    this.dimension = checkedDimension(dimension);
    this.value = checkedValue(value);
    this.note = checkedNote(note);
    this.categoryId = nonBlankText("categoryId", categoryId, Category.MAX_ID_LENGTH);
    this.createdAt = Objects.requireNonNull(now, "now");
    this.updatedAt = now;
  }

  /** The dimension as given, or an {@link InvalidInputException} naming {@code dimension}. */
  public static String checkedDimension(String dimension) {
    required("dimension", dimension);
    if (!DIMENSION.matcher(dimension).matches()) {
      throw new InvalidInputException(
          "dimension",
          "must be an identifier of 1 to 64 characters matching "
              + DIMENSION
              + ", got '"
              + dimension
              + "'");
    }
    return dimension;
  }

  /**
   * Rates again: a new value, and a new note when {@code newNote} is not {@code null} (a rating
   * keeps its note otherwise).
   *
   * @return whether anything changed
   */
  public boolean rate(int newValue, String newNote, Instant now) {
    var checked = checkedValue(newValue);
    var text = newNote == null ? note : checkedNote(newNote);
    if (checked == value && Objects.equals(text, note)) {
      return false;
    }
    value = checked;
    note = text;
    updatedAt = now;
    return true;
  }

  private static int checkedValue(int value) {
    if (value < MIN_VALUE || value > MAX_VALUE) {
      throw new InvalidInputException(
          "value", "must be " + MIN_VALUE + " to " + MAX_VALUE + ", got " + value);
    }
    return value;
  }

  private static String checkedNote(String note) {
    return note == null ? null : optionalText("note", note, MAX_NOTE_LENGTH).strip();
  }

  public String getId() {
    return id;
  }

  public long getVersion() {
    return version;
  }

  public RatingTarget getTargetType() {
    return WireEnum.find(RatingTarget.class, targetType)
        .orElseThrow(() -> new IllegalStateException("unknown target type " + targetType));
  }

  public String getTargetId() {
    return targetId;
  }

  public String getDimension() {
    return dimension;
  }

  public int getValue() {
    return value;
  }

  public String getNote() {
    return note;
  }

  public String getCategoryId() {
    return categoryId;
  }

  public Instant getCreatedAt() {
    return createdAt;
  }

  public Instant getUpdatedAt() {
    return updatedAt;
  }
}
