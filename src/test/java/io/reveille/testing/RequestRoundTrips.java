package io.reveille.testing;

import io.reveille.platform.persistence.RoundTrips;
import io.reveille.testing.RoundTripBudget.Measured;
import jakarta.servlet.ServletRequestEvent;
import jakarta.servlet.ServletRequestListener;
import jakarta.servlet.annotation.WebListener;
import jakarta.servlet.http.HttpServletRequest;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * What an HTTP request cost the database, for an in-container test that sent it: a request carrying
 * {@link #HEADER} has the statements and transactions of its thread, from before the first filter
 * to after the response was written, kept under the header's value until the test takes them.
 *
 * <p>Part of the test archive only (a listener the suite's deployment finds among the test
 * classes), so the shipped server has no such header; a request without it is left alone.
 */
@WebListener
public class RequestRoundTrips implements ServletRequestListener {

  /** The request header naming a measurement; its value is the key the test takes it by. */
  public static final String HEADER = "X-Reveille-Test-Round-Trips";

  private static final String BEFORE = RequestRoundTrips.class.getName() + ".before";

  private static final Map<String, Measured> MEASURED = new ConcurrentHashMap<>();

  @Override
  public void requestInitialized(ServletRequestEvent event) {
    if (event.getServletRequest() instanceof HttpServletRequest request
        && request.getHeader(HEADER) != null
        && RoundTrips.counting()) {
      request.setAttribute(BEFORE, Measured.onThisThread());
    }
  }

  @Override
  public void requestDestroyed(ServletRequestEvent event) {
    if (event.getServletRequest() instanceof HttpServletRequest request
        && request.getAttribute(BEFORE) instanceof Measured before) {
      MEASURED.put(request.getHeader(HEADER), Measured.onThisThread().minus(before));
    }
  }

  /**
   * The cost of the request sent with {@link #HEADER} {@code key}. The client may have its answer a
   * moment before the request is over on the server, so this waits for it, at most {@code within}.
   *
   * @throws IllegalStateException when the server does not count
   */
  public static Measured of(String key, Duration within) {
    RoundTrips.onThisThread();
    Poll.until(within, () -> MEASURED.containsKey(key));
    return MEASURED.remove(key);
  }
}
