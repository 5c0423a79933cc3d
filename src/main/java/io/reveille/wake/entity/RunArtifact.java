package io.reveille.wake.entity;

import static io.reveille.platform.entity.Guards.nonBlankText;
import static io.reveille.platform.entity.Guards.required;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.IdClass;
import jakarta.persistence.NamedQuery;
import jakarta.persistence.Table;
import jakarta.persistence.Version;
import java.io.Serializable;
import java.time.Instant;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * What a run produced, by name ({@code write_artifact}): a report, a summary, a draft. One per name
 * and run; writing the name again replaces its content. Goes with its run.
 */
@Entity
@Table(name = "run_artifacts")
@IdClass(RunArtifact.Key.class)
@NamedQuery(
    name = "RunArtifact.byRun",
    query = "SELECT a FROM RunArtifact a WHERE a.runKey = :runKey ORDER BY a.createdAt, a.name")
@NamedQuery(
    name = "RunArtifact.newestName",
    query =
        "SELECT a.name FROM RunArtifact a WHERE a.runKey = :runKey"
            + " ORDER BY a.updatedAt DESC, a.name")
public class RunArtifact {

  public static final int MAX_NAME_LENGTH = 200;
  public static final int MAX_MEDIA_TYPE_LENGTH = 100;
  public static final int MAX_CONTENT_LENGTH = 200_000;
  public static final int WRITTEN_BY_LENGTH = 200;

  /**
   * A name: letters, digits, dot, dash and underscore, starting with a letter or digit — a file
   * name without a directory, safe in a URL path.
   */
  public static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,199}");

  /** The key: the run and the name. */
  public static class Key implements Serializable {
    private static final long serialVersionUID = 1L;

    private String runKey;
    private String name;

    public Key() {}

    public Key(String runKey, String name) {
      this.runKey = runKey;
      this.name = name;
    }

    @Override
    public boolean equals(Object other) {
      return other instanceof Key that
          && Objects.equals(runKey, that.runKey)
          && Objects.equals(name, that.name);
    }

    @Override
    public int hashCode() {
      return Objects.hash(runKey, name);
    }
  }

  @Id
  @Column(name = "run_key", length = WakeRunLogEntry.RUN_KEY_LENGTH, updatable = false)
  private String runKey;

  @Id
  @Column(name = "name", length = MAX_NAME_LENGTH, updatable = false)
  private String name;

  @Version
  @Column(name = "version", nullable = false)
  private long version;

  @Column(name = "agent_id", length = 64, nullable = false, updatable = false)
  private String agentId;

  @Column(name = "media_type", length = MAX_MEDIA_TYPE_LENGTH, nullable = false)
  private String mediaType;

  @Column(name = "content", nullable = false)
  private String content;

  @Column(name = "size_chars", nullable = false)
  private int sizeChars;

  /** The ledger key of the call that wrote the content last. */
  @Column(name = "written_by", length = WRITTEN_BY_LENGTH, nullable = false)
  private String writtenBy;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "updated_at", nullable = false)
  private Instant updatedAt;

  protected RunArtifact() {}

  public RunArtifact(
      String runKey,
      String name,
      String agentId,
      String mediaType,
      String content,
      String writtenBy,
      Instant now) {
    this.runKey = nonBlankText("runKey", runKey, WakeRunLogEntry.RUN_KEY_LENGTH);
    this.name = checkedName(name);
    this.agentId = nonBlankText("agentId", agentId, 64);
    this.createdAt = required("now", now);
    write(mediaType, content, writtenBy, now);
  }

  /** The name if it is one ({@link #NAME}). */
  public static String checkedName(String name) {
    if (name == null || !NAME.matcher(name).matches()) {
      throw new IllegalArgumentException(
          "name must be 1-200 letters, digits, '.', '-' or '_', starting with a letter or digit");
    }
    return name;
  }

  /** Replaces the content. */
  public void write(String mediaType, String content, String writtenBy, Instant now) {
    this.mediaType = nonBlankText("mediaType", mediaType, MAX_MEDIA_TYPE_LENGTH);
    this.content = required("content", content);
    if (content.length() > MAX_CONTENT_LENGTH) {
      throw new IllegalArgumentException(
          "content is " + content.length() + " chars, at most " + MAX_CONTENT_LENGTH);
    }
    this.sizeChars = content.length();
    this.writtenBy = nonBlankText("writtenBy", writtenBy, WRITTEN_BY_LENGTH);
    this.updatedAt = required("now", now);
  }

  public String getRunKey() {
    return runKey;
  }

  public String getName() {
    return name;
  }

  public String getAgentId() {
    return agentId;
  }

  public String getMediaType() {
    return mediaType;
  }

  public String getContent() {
    return content;
  }

  public int getSizeChars() {
    return sizeChars;
  }

  public String getWrittenBy() {
    return writtenBy;
  }

  public Instant getCreatedAt() {
    return createdAt;
  }

  public Instant getUpdatedAt() {
    return updatedAt;
  }

  public long getVersion() {
    return version;
  }
}
