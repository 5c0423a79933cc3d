package io.reveille.tool.control.approval;

import io.reveille.platform.json.JsonDocuments;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.JsonObject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.LockModeType;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import jakarta.transaction.Transactional.TxType;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import org.hibernate.engine.spi.SessionImplementor;
import org.hibernate.engine.spi.Status;

/**
 * The journal rows a preview depends on, and whether they are still as the preview saw them.
 *
 * <p>Why read Hibernate's persistence context rather than ask each tool: whatever a preview's
 * handler loaded to compute its plan — the items to move, their checklists and tasks, the blocks of
 * a day — is in the transaction's persistence context with the version it had. Recording all of
 * them (every journal entity with a {@code @Version}) needs nothing from the tools and misses
 * nothing a plan depends on. Approval then loads each again: a row deleted or at another version
 * refuses the proposal; the others are locked {@link LockModeType#OPTIMISTIC}, so a change that
 * commits between this check and the approval's commit still fails it.
 */
@ApplicationScoped
@Transactional(TxType.MANDATORY)
public class PreviewTargets {

  static final String TARGETS = "targets";
  private static final String JOURNAL_ENTITIES = "io.reveille.journal.entity";

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  /** One row a preview read: its entity name, id and version. */
  record Target(String entity, String id, long version) {
    JsonObject toJson() {
      return JsonDocuments.provider()
          .createObjectBuilder()
          .add("entity", entity)
          .add("id", id)
          .add("version", version)
          .build();
    }

    static Target of(JsonObject json) {
      return new Target(
          json.getString("entity"),
          json.getString("id"),
          json.getJsonNumber("version").longValue());
    }
  }

  /** The journal rows loaded so far in the current transaction, with their versions. */
  JsonObject read() {
    var session = em.unwrap(SessionImplementor.class);
    var targets = new ArrayList<Target>();
    for (var entry : session.getPersistenceContextInternal().reentrantSafeEntityEntries()) {
      var state = entry.getValue();
      var type = state.getPersister().getMappedClass();
      if (state.getStatus() != Status.MANAGED
          || state.getVersion() == null
          || !(state.getId() instanceof String id)
          || !JOURNAL_ENTITIES.equals(type.getPackageName())) {
        continue;
      }
      targets.add(
          new Target(
              em.getMetamodel().entity(type).getName(),
              id,
              ((Number) state.getVersion()).longValue()));
    }
    targets.sort(Comparator.comparing(Target::entity).thenComparing(Target::id));
    var array = JsonDocuments.provider().createArrayBuilder();
    targets.forEach(target -> array.add(target.toJson()));
    return JsonDocuments.provider().createObjectBuilder().add(TARGETS, array).build();
  }

  /**
   * What changed among {@code recorded} since it was read: each deleted row or row at another
   * version, named; empty when none did, and then every row is locked until the commit.
   */
  List<String> changedSince(JsonObject recorded) {
    var session = em.unwrap(SessionImplementor.class);
    var changed = new ArrayList<String>();
    var unchanged = new ArrayList<Object>();
    for (var json : recorded.getJsonArray(TARGETS).getValuesAs(JsonObject.class)) {
      var target = Target.of(json);
      var type = type(target.entity());
      var current = type.map(t -> em.find(t, target.id()));
      if (current.isEmpty() || current.get() == null) {
        changed.add(target.entity() + " " + target.id() + " was deleted");
        continue;
      }
      var version =
          ((Number) session.getPersistenceContextInternal().getEntry(current.get()).getVersion())
              .longValue();
      if (version != target.version()) {
        changed.add(
            target.entity()
                + " "
                + target.id()
                + " changed (version "
                + version
                + ", previewed at "
                + target.version()
                + ")");
      } else {
        unchanged.add(current.get());
      }
    }
    if (changed.isEmpty()) {
      unchanged.forEach(row -> em.lock(row, LockModeType.OPTIMISTIC));
    }
    return changed;
  }

  private Optional<Class<?>> type(String entityName) {
    return em.getMetamodel().getEntities().stream()
        .filter(entity -> entity.getName().equals(entityName))
        .<Class<?>>map(entity -> entity.getJavaType())
        .findFirst();
  }
}
