package io.reveille.notification.control;

import io.reveille.notification.control.NotificationBatch.EntitySnapshot;
import io.reveille.platform.json.JsonDocuments;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.math.BigDecimal;
import java.util.Collection;
import java.util.List;

/**
 * Writes a {@link NotificationBatch} as its normalised schemaVersion-1 JSON document: what
 * producers put on the queue and what the consumer stores.
 *
 * <p>Normalised means: defaults applied ({@code origin}), absent optional fields left out, so two
 * producers saying the same thing store the same document.
 */
@ApplicationScoped
public class NotificationBatchDocuments {

  public JsonObject toJson(NotificationBatch batch) {
    var json =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("schemaVersion", batch.schemaVersion())
            .add("batchId", batch.batchId())
            .add("origin", batch.origin().wire());
    batch.hostId().ifPresent(v -> json.add("hostId", v));
    batch.counter().ifPresent(v -> json.add("counter", v));
    json.add("tokens", strings(batch.tokens()))
        .add("semanticKeys", strings(batch.semanticKeys()))
        .add("subtypeTokens", strings(batch.subtypeTokens()))
        .add("entityIds", strings(batch.entityIds()));
    var entities = JsonDocuments.provider().createArrayBuilder();
    batch.entities().forEach(e -> entities.add(entity(e)));
    json.add("entities", entities);
    batch.originAgentId().ifPresent(v -> json.add("originAgentId", v));
    batch.originRunKey().ifPresent(v -> json.add("originRunKey", v));
    if (!batch.cause().isNone()) {
      json.add("hops", batch.cause().hops()).add("chain", strings(batch.cause().chain()));
    }
    return json.build();
  }

  private static JsonObjectBuilder entity(EntitySnapshot snapshot) {
    var json = JsonDocuments.provider().createObjectBuilder().add("id", snapshot.id());
    snapshot.type().ifPresent(v -> json.add("type", v));
    snapshot.categoryId().ifPresent(v -> json.add("categoryId", v));
    var attributes = JsonDocuments.provider().createObjectBuilder();
    snapshot.attributes().forEach((name, value) -> addValue(attributes, name, value));
    return json.add("attributes", attributes);
  }

  private static void addValue(JsonObjectBuilder target, String name, Object value) {
    if (value instanceof Collection<?> list) {
      var array = JsonDocuments.provider().createArrayBuilder();
      list.forEach(item -> addItem(array, item));
      target.add(name, array);
    } else if (value instanceof String s) {
      target.add(name, s);
    } else if (value instanceof BigDecimal n) {
      target.add(name, n);
    } else if (value instanceof Boolean b) {
      target.add(name, b);
    } else {
      target.addNull(name);
    }
  }

  private static void addItem(JsonArrayBuilder target, Object value) {
    if (value instanceof String s) {
      target.add(s);
    } else if (value instanceof BigDecimal n) {
      target.add(n);
    } else if (value instanceof Boolean b) {
      target.add(b);
    } else {
      target.addNull();
    }
  }

  private static JsonArrayBuilder strings(List<String> values) {
    var array = JsonDocuments.provider().createArrayBuilder();
    values.forEach(array::add);
    return array;
  }
}
