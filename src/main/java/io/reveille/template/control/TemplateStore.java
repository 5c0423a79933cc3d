package io.reveille.template.control;

import io.reveille.platform.error.ConflictException;
import io.reveille.template.entity.AgentTemplate;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * The stored versions of the templates: written once each, read by every node. A version seeded
 * again with the same text is left as it is; with another text it is refused, since agents were
 * made from the text stored.
 */
@ApplicationScoped
public class TemplateStore {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject Clock clock;

  /**
   * Stores {@code template} unless its version is stored already.
   *
   * @return whether it was stored now
   * @throws IllegalStateException when its version is stored with another text
   */
  @Transactional
  public boolean seed(TemplateDocument template, String source) {
    var stored = find(template.id(), template.version());
    if (stored.isPresent()) {
      if (!stored.get().getDigest().equals(template.digest())) {
        throw new IllegalStateException(
            "template "
                + template.id()
                + " version "
                + template.version()
                + " differs from the text stored for that version; publish the change as version "
                + (template.version() + 1)
                + " (a stored version never changes: agents were made from it)");
      }
      return false;
    }
    em.persist(
        new AgentTemplate(
            template.id(),
            template.version(),
            io.reveille.platform.json.JsonDocuments.write(template.json()),
            template.digest(),
            source,
            null,
            clock.instant()));
    return true;
  }

  /**
   * Stores {@code next}, the version after the latest one stored, as written by the approved
   * proposal of agent {@code authoredBy}.
   *
   * @throws ConflictException when the latest stored version is not the one {@code next} follows
   *     (another version was stored since the proposal was made)
   */
  @Transactional
  public AgentTemplate evolve(TemplateDocument next, String authoredBy) {
    var versions = versions(next.id());
    var latest = versions.isEmpty() ? 0 : versions.get(versions.size() - 1).getTemplateVersion();
    if (latest != next.version() - 1) {
      throw new ConflictException(
          "template "
              + next.id()
              + " is at version "
              + latest
              + ", not "
              + (next.version() - 1)
              + " as when the proposal was made; propose again from the latest version");
    }
    var row =
        new AgentTemplate(
            next.id(),
            next.version(),
            io.reveille.platform.json.JsonDocuments.write(next.json()),
            next.digest(),
            AgentTemplate.EVOLUTION,
            authoredBy,
            clock.instant());
    em.persist(row);
    // The unique (template, version) constraint refuses a second node's evolution of the same
    // version at this flush: one of two concurrent approvals wins.
    em.flush();
    return row;
  }

  @Transactional
  public Optional<AgentTemplate> find(String templateId, int version) {
    return Optional.ofNullable(
        em.find(AgentTemplate.class, AgentTemplate.key(templateId, version)));
  }

  /** Every stored version of every template, by template and version. */
  @Transactional
  public List<AgentTemplate> all() {
    return em.createQuery(
            "SELECT t FROM AgentTemplate t ORDER BY t.templateId, t.templateVersion",
            AgentTemplate.class)
        .getResultList();
  }

  /** The stored versions of one template, oldest first. */
  @Transactional
  public List<AgentTemplate> versions(String templateId) {
    return em.createQuery(
            "SELECT t FROM AgentTemplate t WHERE t.templateId = :id ORDER BY t.templateVersion",
            AgentTemplate.class)
        .setParameter("id", templateId)
        .getResultList();
  }
}
