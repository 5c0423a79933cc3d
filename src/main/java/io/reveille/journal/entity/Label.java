package io.reveille.journal.entity;

import static io.reveille.platform.entity.Guards.idArgument;
import static io.reveille.platform.entity.Guards.nonBlankText;

import io.reveille.platform.error.InvalidInputException;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.Locale;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * A label tasks of one category can carry ("cardio", "legs" under "gym"). A label belongs to its
 * category for life, because agents are scoped by category: a label that could move would carry
 * tasks' tags into another agent's scope. Names are unique within the category; the colour, when
 * set, is {@code #rrggbb} in lower case.
 */
@Entity
@Table(name = "journal_labels")
@NamedQuery(name = "Label.all", query = "SELECT l FROM Label l ORDER BY l.categoryId, l.name, l.id")
@NamedQuery(
    name = "Label.byCategory",
    query = "SELECT l FROM Label l WHERE l.categoryId = :categoryId ORDER BY l.name, l.id")
@NamedQuery(
    name = "Label.findByName",
    query = "SELECT l FROM Label l WHERE l.categoryId = :categoryId AND l.name = :name")
public class Label {

  public static final int MAX_ID_LENGTH = 64;
  public static final int MAX_NAME_LENGTH = 100;

  private static final Pattern COLOR = Pattern.compile("#[0-9a-f]{6}");

  @Id
  @Column(name = "id", length = MAX_ID_LENGTH, nullable = false, updatable = false)
  private String id;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  @Column(
      name = "category_id",
      length = Category.MAX_ID_LENGTH,
      nullable = false,
      updatable = false)
  private String categoryId;

  @Column(name = "name", length = MAX_NAME_LENGTH, nullable = false)
  private String name;

  @Column(name = "color", length = 7)
  private String color;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "updated_at", nullable = false)
  private Instant updatedAt;

  protected Label() {}

  /** A new label of an existing category (the caller's check; a foreign key backs it). */
  public Label(String id, String categoryId, String name, String color, Instant now) {
    this.id = idArgument("label id", id, MAX_ID_LENGTH);
    this.categoryId = nonBlankText("categoryId", categoryId, Category.MAX_ID_LENGTH);
    this.name = checkedName(name);
    this.color = checkedColor(color);
    this.createdAt = Objects.requireNonNull(now, "now");
    this.updatedAt = now;
  }

  /**
   * Renames the label.
   *
   * @return whether the name changed
   */
  public boolean rename(String newName, Instant now) {
    var checked = checkedName(newName);
    if (checked.equals(name)) {
      return false;
    }
    name = checked;
    updatedAt = now;
    return true;
  }

  /**
   * Sets or clears ({@code null}) the colour.
   *
   * @return whether the colour changed
   */
  public boolean recolor(String newColor, Instant now) {
    var checked = checkedColor(newColor);
    if (Objects.equals(checked, color)) {
      return false;
    }
    color = checked;
    updatedAt = now;
    return true;
  }

  /** The name as it will be stored: stripped, 1 to 100 characters. */
  public static String checkedName(String name) {
    return nonBlankText("name", name, MAX_NAME_LENGTH).strip();
  }

  /** {@code null}, or {@code #rrggbb} (any case given, stored in lower case). */
  public static String checkedColor(String color) {
    if (color == null) {
      return null;
    }
    var lower = color.strip().toLowerCase(Locale.ROOT);
    if (!COLOR.matcher(lower).matches()) {
      throw new InvalidInputException(
          "color", "must be a colour such as #1e90ff (#rrggbb), got '" + color + "'");
    }
    return lower;
  }

  public String getId() {
    return id;
  }

  public long getVersion() {
    return version;
  }

  public String getCategoryId() {
    return categoryId;
  }

  public String getName() {
    return name;
  }

  public String getColor() {
    return color;
  }

  public Instant getCreatedAt() {
    return createdAt;
  }

  public Instant getUpdatedAt() {
    return updatedAt;
  }
}
