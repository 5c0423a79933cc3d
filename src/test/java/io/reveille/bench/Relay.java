package io.reveille.bench;

import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A bare Artemis consume-and-forward relay, the yardstick beside Reveille's wake path: one
 * transacted consumer takes each message off {@code reveille.bench.in} and forwards it to {@code
 * reveille.bench.out} with a persistent send, committing both; {@code senders} threads feed it, and
 * a listener times each forwarded message from its send.
 */
public final class Relay {

  /**
   * What one relay run measured.
   *
   * @param sending how long sending every message took
   * @param started when the first send began (epoch milliseconds)
   * @param lastReceived when the last forwarded message arrived (epoch milliseconds)
   * @param latencies forwarded − sent, per message, in milliseconds
   */
  public record Result(Duration sending, long started, long lastReceived, List<Long> latencies) {}

  private Relay() {}

  public static Result run(ConnectionFactory factory, int senders, int consumers, int count)
      throws Exception {
    var sent = new ConcurrentHashMap<String, Long>();
    var latencies = Collections.synchronizedList(new ArrayList<Long>());
    var done = new CountDownLatch(count);
    var last = new AtomicLong();
    var pool = Executors.newFixedThreadPool(senders);
    var started = System.currentTimeMillis();
    var relays = new ArrayList<JMSContext>();
    try (var receiverContext = factory.createContext(JMSContext.AUTO_ACKNOWLEDGE)) {
      for (var i = 0; i < consumers; i++) {
        // A transacted session per consumer: a JMS session serves one thread at a time.
        var relayContext = factory.createContext(JMSContext.SESSION_TRANSACTED);
        relays.add(relayContext);
        var relayProducer = relayContext.createProducer();
        var outQueue = relayContext.createQueue("reveille.bench.out");
        relayContext
            .createConsumer(relayContext.createQueue("reveille.bench.in"))
            .setMessageListener(
                message -> {
                  try {
                    relayProducer.send(outQueue, message.getBody(String.class));
                    relayContext.commit();
                  } catch (Exception e) {
                    relayContext.rollback();
                  }
                });
      }
      receiverContext
          .createConsumer(receiverContext.createQueue("reveille.bench.out"))
          .setMessageListener(
              message -> {
                try {
                  var now = System.currentTimeMillis();
                  var at = sent.get(message.getBody(String.class));
                  if (at != null) {
                    latencies.add(now - at);
                  }
                  last.accumulateAndGet(now, Math::max);
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                } finally {
                  done.countDown();
                }
              });
      var next = new AtomicInteger();
      var start = System.nanoTime();
      TimerLoadDriver.parallel(
          pool,
          senders,
          sender -> {
            try (var context = factory.createContext(JMSContext.AUTO_ACKNOWLEDGE)) {
              var queue = context.createQueue("reveille.bench.in");
              var producer = context.createProducer();
              for (var k = next.getAndIncrement(); k < count; k = next.getAndIncrement()) {
                var key = "relay-" + k;
                sent.put(key, System.currentTimeMillis());
                producer.send(queue, key);
              }
            }
            return null;
          });
      var sending = Duration.ofNanos(System.nanoTime() - start);
      if (!done.await(10, TimeUnit.MINUTES)) {
        throw new IllegalStateException("relay: " + done.getCount() + " messages not forwarded");
      }
      return new Result(sending, started, last.get(), List.copyOf(latencies));
    } finally {
      relays.forEach(JMSContext::close);
      pool.shutdownNow();
    }
  }
}
