package io.reveille.template.entity;

import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;
import java.time.Instant;
import java.util.Objects;
import org.hibernate.annotations.Immutable;

/**
 * One version of an agent template as the database keeps it: written once and never changed (so it
 * has no version column), its document the template's compact JSON and its digest the document's
 * SHA-256. Its id is {@code <templateId>@<version>}.
 */
@Entity
@Immutable
@Table(name = "agent_templates")
public class AgentTemplate {

  /** Where a version came from: shipped in the application, or the templates directory. */
  public static final String SHIPPED = "shipped";

  public static final String DIRECTORY = "directory";

  /** Written by an approved proposal of an improver agent, which {@code authored_by} names. */
  public static final String EVOLUTION = "evolution";

  @Id
  @Column(name = "id", length = 64)
  private String id;

  @Column(name = "template_id", length = 40, nullable = false, updatable = false)
  private String templateId;

  @Column(name = "template_version", nullable = false, updatable = false)
  private int templateVersion;

  @Column(name = "document", nullable = false, updatable = false)
  private String document;

  @Column(name = "digest", length = 64, nullable = false, updatable = false)
  private String digest;

  @Column(name = "source", length = 16, nullable = false, updatable = false)
  private String source;

  @Column(name = "created_at", nullable = false, updatable = false)
  private Instant createdAt;

  @Column(name = "authored_by", length = 64, updatable = false)
  private String authoredBy;

  protected AgentTemplate() {}

  /**
   * A version; {@code authoredBy} names the agent whose proposal wrote an {@link #EVOLUTION}
   * version, and is null for the others.
   */
  public AgentTemplate(
      String templateId,
      int templateVersion,
      String document,
      String digest,
      String source,
      String authoredBy,
      Instant createdAt) {
    if (!SHIPPED.equals(source) && !DIRECTORY.equals(source) && !EVOLUTION.equals(source)) {
      throw new IllegalArgumentException("a template comes shipped, from the directory or evolved");
    }
    if (EVOLUTION.equals(source) == (authoredBy == null)) {
      throw new IllegalArgumentException("an evolved version, and only one, names its author");
    }
    this.authoredBy = authoredBy;
    this.id = key(templateId, templateVersion);
    this.templateId = Objects.requireNonNull(templateId, "templateId");
    this.templateVersion = templateVersion;
    this.document = Objects.requireNonNull(document, "document");
    this.digest = Objects.requireNonNull(digest, "digest");
    this.source = source;
    this.createdAt = Objects.requireNonNull(createdAt, "createdAt");
  }

  /** The row id of a template's version. */
  public static String key(String templateId, int version) {
    return templateId + "@" + version;
  }

  public String getId() {
    return id;
  }

  public String getTemplateId() {
    return templateId;
  }

  public int getTemplateVersion() {
    return templateVersion;
  }

  public String getDocument() {
    return document;
  }

  public String getDigest() {
    return digest;
  }

  public String getSource() {
    return source;
  }

  /** The agent whose approved proposal wrote this version, for an evolved one. */
  public java.util.Optional<String> getAuthoredBy() {
    return java.util.Optional.ofNullable(authoredBy);
  }

  public Instant getCreatedAt() {
    return createdAt;
  }
}
