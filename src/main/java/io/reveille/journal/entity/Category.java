package io.reveille.journal.entity;

import static io.reveille.platform.entity.Guards.idArgument;
import static io.reveille.platform.entity.Guards.nonBlankText;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.time.Instant;
import java.util.Objects;

/**
 * A category tasks are filed under ("gym", "work"). Agents are scoped by category ids, and
 * subscription predicates such as {@code categoryId == "gym"} name them, so a category's id never
 * changes; its name is unique.
 */
@Entity
@Table(name = "journal_categories")
@NamedQuery(name = "Category.all", query = "SELECT c FROM Category c ORDER BY c.name, c.id")
@NamedQuery(name = "Category.findByName", query = "SELECT c FROM Category c WHERE c.name = :name")
public class Category {

  public static final int MAX_ID_LENGTH = 64;
  public static final int MAX_NAME_LENGTH = 200;

  @Id
  @Column(name = "id", length = MAX_ID_LENGTH, nullable = false, updatable = false)
  private String id;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  @Column(name = "name", length = MAX_NAME_LENGTH, nullable = false)
  private String name;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "updated_at", nullable = false)
  private Instant updatedAt;

  protected Category() {}

  public Category(String id, String name, Instant now) {
    this.id = idArgument("category id", id, MAX_ID_LENGTH);
    this.name = nonBlankText("name", name, MAX_NAME_LENGTH).strip();
    this.createdAt = Objects.requireNonNull(now, "now");
    this.updatedAt = now;
  }

  public String getId() {
    return id;
  }

  public long getVersion() {
    return version;
  }

  public String getName() {
    return name;
  }

  public Instant getCreatedAt() {
    return createdAt;
  }

  public Instant getUpdatedAt() {
    return updatedAt;
  }
}
