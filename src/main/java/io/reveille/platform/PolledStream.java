package io.reveille.platform;

import jakarta.ws.rs.sse.OutboundSseEvent;
import jakarta.ws.rs.sse.SseEventSink;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A server-sent event stream fed by polling: its polls run one at a time on a scheduler (fixed
 * delay), a poll that fails (a send the client did not take within {@value #SEND_TIMEOUT_SECONDS}
 * seconds, a database that failed) ends it, and it ends once: its polls cancelled, its sink closed
 * and {@link #ended()} run, where the owner gives back what the stream held. A client whose stream
 * ended reconnects with {@code Last-Event-ID}.
 */
public abstract class PolledStream {

  private static final Logger LOG = Logger.getLogger(PolledStream.class.getName());

  /** How long one send may take before the client counts as gone. */
  private static final long SEND_TIMEOUT_SECONDS = 30;

  private final SseEventSink sink;
  private final AtomicBoolean finished = new AtomicBoolean();
  private volatile ScheduledFuture<?> future;

  protected PolledStream(SseEventSink sink) {
    this.sink = sink;
  }

  /**
   * One poll: what the stream sends now, if anything. It may end the stream ({@link #finish()}).
   *
   * @throws Exception when a send or a read failed: the stream ends
   */
  protected abstract void poll() throws Exception;

  /** The stream as the log names it. */
  protected abstract String name();

  /** The stream ended (once): give back what it held. */
  protected void ended() {}

  /** Polls every {@code every}, the first time at once. */
  public final void pollEvery(ScheduledExecutorService scheduler, Duration every) {
    future =
        scheduler.scheduleWithFixedDelay(this::tick, 0, every.toMillis(), TimeUnit.MILLISECONDS);
    if (finished.get()) {
      future.cancel(false);
    }
  }

  /** Sends one event, waiting until the client took it. */
  protected final void send(OutboundSseEvent event) throws Exception {
    sink.send(event).toCompletableFuture().get(SEND_TIMEOUT_SECONDS, TimeUnit.SECONDS);
  }

  /** Ends the stream, unless it ended already. */
  public final void finish() {
    if (!finished.compareAndSet(false, true)) {
      return;
    }
    ended();
    var running = future;
    if (running != null) {
      running.cancel(false);
    }
    try {
      sink.close();
    } catch (RuntimeException e) {
      LOG.log(Level.FINE, "Closing " + name() + " failed", e);
    }
  }

  private void tick() {
    if (finished.get()) {
      return;
    }
    try {
      if (sink.isClosed()) {
        finish();
        return;
      }
      poll();
    } catch (Exception e) {
      LOG.log(Level.FINE, "{0} ends: {1}", new Object[] {name(), e.toString()});
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      finish();
    }
  }
}
