package io.reveille.agent.entity;

import io.reveille.platform.json.JsonDocuments;
import jakarta.json.JsonNumber;
import jakarta.persistence.AttributeConverter;
import jakarta.persistence.Converter;
import java.util.Map;
import java.util.TreeMap;
import org.hibernate.annotations.Immutable;

/**
 * Stores a map of counters as one JSON object, e.g. {@code {"host-a":42}}: it is always read and
 * written whole with its state row, and one column keeps the row self-contained for sync. The map
 * read is unmodifiable, and the converter says so: Hibernate keeps it as its snapshot for dirty
 * checking instead of a copy made through the JSON.
 */
@Converter
@Immutable
class CounterMapConverter implements AttributeConverter<Map<String, Long>, String> {

  @Override
  public String convertToDatabaseColumn(Map<String, Long> counters) {
    if (counters == null) {
      return null;
    }
    var json = JsonDocuments.provider().createObjectBuilder();
    new TreeMap<>(counters).forEach(json::add);
    return JsonDocuments.write(json.build());
  }

  @Override
  public Map<String, Long> convertToEntityAttribute(String text) {
    if (text == null) {
      return Map.of();
    }
    var json = JsonDocuments.parseStored(text, "processed counters");
    var counters = new TreeMap<String, Long>();
    json.forEach(
        (host, value) -> {
          if (!(value instanceof JsonNumber number) || !number.isIntegral()) {
            throw new IllegalStateException(
                "stored processed counter of host '" + host + "' is not an integer: " + value);
          }
          counters.put(host, number.longValueExact());
        });
    return Map.copyOf(counters);
  }
}
