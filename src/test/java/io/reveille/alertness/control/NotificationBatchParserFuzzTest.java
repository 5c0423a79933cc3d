package io.reveille.alertness.control;

import static io.reveille.testing.JsonInputs.quote;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.JsonInputs;
import io.reveille.testing.ParserOracle;
import java.util.LinkedHashMap;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * Fuzzes the reader of the {@code NotificationBatch} documents any producer with a broker login can
 * send: whatever the text, it yields a batch within the configured limits or an {@link
 * InvalidBatchException} (the batch is dead-lettered with its message), never another exception
 * that would roll the delivery back and redeliver the same poison message.
 */
class NotificationBatchParserFuzzTest {

  /** Small limits, so that generated documents reach them. */
  private static final NotificationLimits LIMITS = NotificationLimits.of(8, 40, 3);

  private final NotificationBatchParser parser = new NotificationBatchParser(LIMITS);

  @Property
  void anyTextIsABatchWithinTheLimitsOrInvalid(@ForAll("batchTexts") String json) {
    ParserOracle.answersOrRefuses(InvalidBatchException.class, () -> parser.parse(json))
        .ifPresent(
            batch -> {
              var tokens =
                  batch.tokens().size()
                      + batch.semanticKeys().size()
                      + batch.subtypeTokens().size()
                      + batch.entityIds().size();
              assertTrue(tokens <= LIMITS.maxTokens(), () -> tokens + " tokens in " + json);
              assertTrue(batch.entities().size() <= LIMITS.maxEntities(), json);
            });
  }

  @Provide
  Arbitrary<String> batchTexts() {
    var documents = batches();
    return Arbitraries.frequencyOf(
        Tuple.of(6, documents),
        Tuple.of(3, JsonInputs.mutated(documents)),
        Tuple.of(1, JsonInputs.values(List.of("schemaVersion", "batchId"), 2)),
        Tuple.of(1, Arbitraries.strings().ofMaxLength(40)));
  }

  /** Documents shaped like a batch: its fields with values of the right type, mostly. */
  private static Arbitrary<String> batches() {
    var ids = JsonInputs.texts().map(JsonInputs::quote);
    var tokens =
        Arbitraries.frequencyOf(
                Tuple.of(
                    4, Arbitraries.strings().alpha().numeric().withChars(":._-").ofMaxLength(45)),
                Tuple.of(1, JsonInputs.texts()))
            .map(JsonInputs::quote)
            .list()
            .ofMaxSize(10)
            .map(items -> "[" + String.join(",", items) + "]");
    var fields = new LinkedHashMap<String, Arbitrary<String>>();
    fields.put(
        "schemaVersion",
        Arbitraries.frequencyOf(
            Tuple.of(6, Arbitraries.just("1")), Tuple.of(1, JsonInputs.numbers())));
    fields.put("batchId", ids);
    fields.put(
        "origin", Arbitraries.of("local", "sync", "external", "LOCAL", "x").map(s -> quote(s)));
    fields.put("hostId", ids);
    fields.put("counter", JsonInputs.numbers());
    fields.put("tokens", tokens);
    fields.put("semanticKeys", tokens);
    fields.put("subtypeTokens", tokens);
    fields.put("entityIds", tokens);
    fields.put("entities", entities());
    fields.put("originAgentId", ids);
    fields.put("originRunKey", ids);
    return JsonInputs.objects(fields, 14);
  }

  private static Arbitrary<String> entities() {
    var attributes = new LinkedHashMap<String, Arbitrary<String>>();
    for (var name : List.of("status", "estimate", "labels", "due", "id")) {
      attributes.put(name, JsonInputs.values(List.of("x"), 2));
    }
    var entity = new LinkedHashMap<String, Arbitrary<String>>();
    entity.put("id", JsonInputs.texts().map(JsonInputs::quote));
    entity.put("type", JsonInputs.texts().map(JsonInputs::quote));
    entity.put("categoryId", JsonInputs.texts().map(JsonInputs::quote));
    entity.put(
        "attributes", Arbitraries.oneOf(JsonInputs.objects(attributes, 6), JsonInputs.deep(1500)));
    return JsonInputs.objects(entity, 5)
        .list()
        .ofMaxSize(4)
        .map(items -> "[" + String.join(",", items) + "]");
  }
}
