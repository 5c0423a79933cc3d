package io.reveille.security.control;

import io.reveille.security.entity.ConsoleSigningKey;
import io.reveille.security.entity.SessionRevocation;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Instant;
import java.util.Optional;

/**
 * What every node must agree on about console session tokens, in the database they share: the key
 * they are signed with, and the sessions signed out. Each method is a transaction of its own,
 * outside the request's.
 */
@ApplicationScoped
public class SessionKeys {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  /** The shared signing key (base64), when a node has created it. */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public Optional<String> signingKey() {
    return Optional.ofNullable(em.find(ConsoleSigningKey.class, ConsoleSigningKey.THE_KEY))
        .map(ConsoleSigningKey::getSecret);
  }

  /**
   * Creates the shared signing key; fails (at commit) when another node created it first, which the
   * caller then reads.
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public void createSigningKey(String secret, Instant now) {
    em.persist(new ConsoleSigningKey(secret, now));
  }

  /** Whether the console session {@code sessionId} has been signed out. */
  @Transactional(Transactional.TxType.SUPPORTS)
  public boolean revoked(String sessionId) {
    return em.find(SessionRevocation.class, sessionId) != null;
  }

  /**
   * Signs the console session out until {@code until}, and forgets the sessions signed out whose
   * tokens have all expired by {@code now}: the table holds only the sign-outs that still matter.
   */
  @Transactional(Transactional.TxType.REQUIRES_NEW)
  public void revoke(String sessionId, String principal, Instant now, Instant until) {
    em.createNamedQuery(SessionRevocation.PURGE).setParameter("now", now).executeUpdate();
    if (em.find(SessionRevocation.class, sessionId) == null) {
      em.persist(new SessionRevocation(sessionId, principal, now, until));
    }
  }
}
