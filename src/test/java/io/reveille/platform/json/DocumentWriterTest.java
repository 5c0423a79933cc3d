package io.reveille.platform.json;

import static io.reveille.platform.json.DocumentReaderTest.json;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DocumentWriterTest {

  @Test
  void writesVersionThenKnownFieldsDeterministicallyAndOmitsAbsentOnes() {
    var stored =
        DocumentWriter.of(1)
            .add("a", Optional.of("x"))
            .add("b", Optional.empty())
            .add("l", List.of("z", "y"))
            .add("m", Map.of("k2", "2", "k1", "1"))
            .extension(json("{\"acme.e\":true}"))
            .buildStored(json("{}"));
    assertEquals(
        "{\"schemaVersion\":1,\"a\":\"x\",\"l\":[\"z\",\"y\"],"
            + "\"m\":{\"k1\":\"1\",\"k2\":\"2\"},\"extension\":{\"acme.e\":true}}",
        stored);
  }

  @Test
  void keptUnknownFieldsAreAppendedButNeverOverrideKnownOnes() {
    var stored =
        DocumentWriter.of(2)
            .add("a", Optional.of("new"))
            .buildStored(json("{\"a\":\"old\",\"schemaVersion\":9,\"future\":[1]}"));
    assertEquals("{\"schemaVersion\":2,\"a\":\"new\",\"future\":[1]}", stored);
  }

  @Test
  void apiFormHasOnlyKnownFields() {
    assertEquals(
        json("{\"schemaVersion\":1,\"a\":\"x\"}"),
        DocumentWriter.of(1).add("a", Optional.of("x")).build());
  }
}
