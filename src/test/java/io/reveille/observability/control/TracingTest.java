package io.reveille.observability.control;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.opentelemetry.api.trace.Span;
import java.util.HashMap;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TracingTest {

  @Test
  void onlyAnExplicitFalseTurnsTheSdkOn() {
    assertTrue(Tracing.enabled(Optional.of("false")));
    assertTrue(Tracing.enabled(Optional.of(" FALSE ")));
    assertFalse(Tracing.enabled(Optional.empty()));
    assertFalse(Tracing.enabled(Optional.of("true")));
    assertFalse(Tracing.enabled(Optional.of("no")));
  }

  @Test
  void offItReadsNothingWritesNothingAndRecordsNothing() {
    var tracing = new Tracing();
    assertFalse(tracing.on());
    var read = new HashMap<String, Integer>();
    tracing.extract(
        name -> {
          read.merge(name, 1, Integer::sum);
          return "00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01";
        });
    assertEquals(0, read.size(), "no carrier is read");
    var written = new HashMap<String, String>();
    var span = tracing.start("reveille.wake run");
    try (var scope = span.makeCurrent()) {
      tracing.inject(written::put);
    } finally {
      span.end();
    }
    assertTrue(written.isEmpty(), written::toString);
    assertFalse(span.isRecording());
    assertFalse(Span.current().getSpanContext().isValid());
  }
}
