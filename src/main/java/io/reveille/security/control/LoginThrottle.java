package io.reveille.security.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Slows password guessing: every sign-in with a password is charged as a failure when it is let
 * through and refunded when it succeeds, once for the user it names from its client and once for
 * the client whatever user it names. Once a user from one client has {@code failures} charges in a
 * row (or a client {@code clientFailures}), each further attempt must wait: {@code delay}, doubling
 * with every charge, at most {@code maxDelay}. An attempt that comes early is held until its wait
 * ends when that is within {@code maxHold}, else refused with the time left (a 429 with {@code
 * Retry-After}); a refused attempt checks no password and is not charged.
 *
 * <p>Charging before the check keeps parallel guesses in line: a hundred attempts sent at once are
 * spaced exactly as a hundred sent one after another, so a guesser gains nothing by parallelism,
 * and only a few of its requests are ever held. The key is the client and the user together, so a
 * guesser locks out nobody but itself: the real user signs in from another client at once. The
 * client-wide count only stops one client from trying many users.
 *
 * <p>A client is its address; an IPv6 address counts by its /64 network, which one host usually has
 * to itself. Memory is bounded: at most {@code tracked} keys are kept, the least recently charged
 * forgotten first (a guesser would need that many failures from other clients to reset its own
 * count), and a key is forgotten {@code forgetAfter} after its last wait ended. The counts live in
 * this node's memory: each node of a cluster slows the attempts it receives.
 */
@ApplicationScoped
public class LoginThrottle {

  /** At most this many attempts are held at once on the node; beyond, early attempts get a 429. */
  static final int MAX_HELD = 64;

  private static final Pattern USER = Pattern.compile(UserDirectory.NAME_PATTERN);

  /** The user key of names no user can have: they can never sign in, so one key does for all. */
  private static final String IMPOSSIBLE_NAME = "\u0000";

  /** What to do with an attempt. */
  public sealed interface Verdict {}

  /**
   * Check the password, after waiting {@code hold}, then {@link #settle} the ticket with the
   * outcome.
   */
  public record Check(Duration hold, Ticket ticket) implements Verdict {}

  /** Refuse without checking: the client may try again after {@code retryAfter}. */
  public record Refuse(Duration retryAfter) implements Verdict {}

  /** An attempt let through, to be settled once its outcome is known. */
  public record Ticket(String client, String user, boolean held) {}

  /**
   * What a settled failure left: the failures in a row for its user from its client, and the wait
   * the next attempt of theirs faces from now.
   */
  public record Failure(int inARow, Duration nextWait) {}

  private record Key(String client, String user) {}

  /** The charges of one key and when the last was let through to its check. */
  private static final class Charges {
    int count;
    Instant lastCheck;
  }

  private LoginThrottleConfig.Settings settings;
  private Clock clock;
  private final Map<Key, Charges> charges = new LinkedHashMap<>(16, 0.75f, true);
  private int held;

  LoginThrottle() {}

  @Inject
  public LoginThrottle(LoginThrottleConfig config, Clock clock) {
    this(config.settings(), clock);
  }

  LoginThrottle(LoginThrottleConfig.Settings settings, Clock clock) {
    this.settings = Objects.requireNonNull(settings, "settings");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /** Decides about a sign-in as {@code user} from {@code address}; charges it if it may go on. */
  public synchronized Verdict attempt(String address, String user) {
    var now = clock.instant();
    var client = client(address);
    var pairKey = new Key(client, userKey(user));
    var clientKey = new Key(client, null);
    forgetStale(now);
    var pair = charges.get(pairKey);
    var whole = charges.get(clientKey);
    var checkAt =
        latest(
            now, latest(ready(pair, settings.failures()), ready(whole, settings.clientFailures())));
    var hold = Duration.between(now, checkAt);
    var mustHold = !hold.isZero();
    if (mustHold && (hold.compareTo(settings.maxHold()) > 0 || held >= MAX_HELD)) {
      return new Refuse(hold);
    }
    charge(pairKey, pair, checkAt);
    charge(clientKey, whole, checkAt);
    if (mustHold) {
      held++;
    }
    return new Check(hold, new Ticket(client, pairKey.user(), mustHold));
  }

  /** Settles a checked attempt: a success refunds its charges and clears its user's record. */
  public synchronized void succeeded(Ticket ticket) {
    release(ticket);
    charges.remove(new Key(ticket.client(), ticket.user()));
    var clientKey = new Key(ticket.client(), null);
    var whole = charges.get(clientKey);
    if (whole != null && --whole.count <= 0) {
      charges.remove(clientKey);
    }
  }

  /** Settles a checked attempt that failed: its charges stand. */
  public synchronized Failure failed(Ticket ticket) {
    release(ticket);
    var now = clock.instant();
    var pair = charges.get(new Key(ticket.client(), ticket.user()));
    var whole = charges.get(new Key(ticket.client(), null));
    var next =
        latest(
            now, latest(ready(pair, settings.failures()), ready(whole, settings.clientFailures())));
    return new Failure(pair == null ? 0 : pair.count, Duration.between(now, next));
  }

  /** How many keys are kept now (users from clients, and clients). */
  synchronized int tracked() {
    return charges.size();
  }

  /**
   * The wait after the {@code count}-th charge in a row when the first {@code free} cost none: none
   * before {@code free} charges, then {@code delay}, doubling with every further charge, at most
   * {@code maxDelay}.
   */
  Duration wait(int count, int free) {
    if (count < free) {
      return Duration.ZERO;
    }
    var doublings = count - free;
    if (doublings >= 40) {
      return settings.maxDelay();
    }
    var wait = settings.delay().multipliedBy(1L << doublings);
    return wait.compareTo(settings.maxDelay()) > 0 ? settings.maxDelay() : wait;
  }

  /**
   * The key of a client address: the address itself, an IPv6 address by its /64 network (one host
   * usually has a whole /64, and could otherwise try from each of its addresses in turn).
   */
  static String client(String address) {
    if (address == null || address.isBlank()) {
      return "unknown";
    }
    var text = address.strip();
    if (text.indexOf(':') < 0 || text.length() > 100) {
      return text;
    }
    var literal = text.replaceAll("^\\[|\\]$|%.*$", "");
    if (literal.indexOf(':') < 0) {
      return text;
    }
    try {
      // In brackets a name is only ever read as an IPv6 literal, never looked up: a bad one is an
      // UnknownHostException.
      var parsed = InetAddress.getByName("[" + literal + "]");
      if (parsed instanceof Inet6Address && !parsed.isLoopbackAddress()) {
        var bytes = parsed.getAddress();
        var prefix = new StringBuilder();
        for (var i = 0; i < 8; i += 2) {
          prefix.append(Integer.toHexString(((bytes[i] & 0xff) << 8) | (bytes[i + 1] & 0xff)));
          prefix.append(':');
        }
        return prefix.append(":/64").toString();
      }
      return parsed.getHostAddress();
    } catch (UnknownHostException e) {
      return text;
    }
  }

  private static String userKey(String user) {
    return user != null && USER.matcher(user).matches() ? user : IMPOSSIBLE_NAME;
  }

  /** When the next attempt of a key may be checked: its last check plus the wait it faces. */
  private Instant ready(Charges key, int free) {
    return key == null ? Instant.MIN : key.lastCheck.plus(wait(key.count, free));
  }

  private void charge(Key key, Charges existing, Instant checkAt) {
    var charged = existing;
    if (charged == null) {
      makeRoom();
      charged = new Charges();
      charges.put(key, charged);
    }
    charged.count++;
    charged.lastCheck = checkAt;
  }

  private void release(Ticket ticket) {
    if (ticket.held() && held > 0) {
      held--;
    }
  }

  /** Forgets the least recently charged keys whose last wait ended {@code forgetAfter} ago. */
  private void forgetStale(Instant now) {
    var oldest = charges.entrySet().iterator();
    while (oldest.hasNext()) {
      var entry = oldest.next();
      var key = entry.getKey();
      var free = key.user() == null ? settings.clientFailures() : settings.failures();
      if (now.isBefore(ready(entry.getValue(), free).plus(settings.forgetAfter()))) {
        return;
      }
      oldest.remove();
    }
  }

  private void makeRoom() {
    var oldest = charges.keySet().iterator();
    while (charges.size() >= settings.tracked() && oldest.hasNext()) {
      oldest.next();
      oldest.remove();
    }
  }

  private static Instant latest(Instant a, Instant b) {
    return a.isAfter(b) ? a : b;
  }
}
