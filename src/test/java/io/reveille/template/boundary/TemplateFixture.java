package io.reveille.template.boundary;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;

/** Test-only reads inside the server: how many agents bear a name starting so. */
@ApplicationScoped
@Transactional
public class TemplateFixture {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  public long agentsNamed(String prefix) {
    return em.createQuery("SELECT COUNT(a) FROM Agent a WHERE a.displayName LIKE :name", Long.class)
        .setParameter("name", prefix + "%")
        .getSingleResult();
  }
}
