package io.reveille.security.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Slows password guessing: every sign-in with a password is charged as a failure when it is let
 * through and refunded when it succeeds, once for the user it names from its client and once for
 * the client whatever user it names. A charge is a guess, not a request: an attempt with the same
 * user and password as one let through and not yet settled is checked together with it, neither
 * charged again nor held longer, since it can only learn the same answer. Once a user from one
 * client has {@code failures} charges in a row (or a client {@code clientFailures}), each further
 * attempt must wait: {@code delay}, doubling with every charge, at most {@code maxDelay}. An
 * attempt that comes early is held until its wait ends when that is within {@code maxHold}, else
 * refused with the time left (a 429 with {@code Retry-After}); a refused attempt checks no password
 * and is not charged.
 *
 * <p>Charging before the check keeps parallel guesses in line: a hundred attempts sent at once are
 * spaced exactly as a hundred sent one after another, so a guesser gains nothing by parallelism,
 * and only a few of its requests are ever held. An integration making many calls at once with the
 * right password presents one guess, so it is never held by its own calls in flight: were each
 * charged, a few of them between their charge and refund would hold the next, whose hold keeps its
 * charge in flight longer still, until the calls are refused. The key is the client and the user
 * together, so a guesser locks out nobody but itself: the real user signs in from another client at
 * once. The client-wide count only stops one client from trying many users.
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

  /**
   * An attempt let through, to be settled once its outcome is known; {@code guess} is a salted
   * digest of the user and password it presents, never the password itself.
   */
  public record Ticket(String client, String user, String guess, boolean held) {}

  /**
   * What a settled failure left: the failures in a row for its user from its client, and the wait
   * the next attempt of theirs faces from now.
   */
  public record Failure(int inARow, Duration nextWait) {}

  private record Key(String client, String user) {}

  /**
   * The charges of one key: its settled failures, the guesses let through and not settled yet, and
   * when the last was let through to its check.
   */
  private static final class Charges {
    int failures;
    final Map<String, Flight> inFlight = new HashMap<>();
    Instant lastCheck;

    int count() {
      return failures + inFlight.size();
    }
  }

  /** One guess let through and not settled: how many attempts present it, when it is checked. */
  private static final class Flight {
    int attempts = 1;
    final Instant checkAt;

    Flight(Instant checkAt) {
      this.checkAt = checkAt;
    }
  }

  private LoginThrottleConfig.Settings settings;
  private Clock clock;
  private final Map<Key, Charges> charges = new LinkedHashMap<>(16, 0.75f, true);
  private int held;

  /** Salts the digests of the guesses in flight, so that none is a plain digest of a password. */
  private final byte[] salt = randomSalt();

  LoginThrottle() {}

  @Inject
  public LoginThrottle(LoginThrottleConfig config, Clock clock) {
    this(config.settings(), clock);
  }

  LoginThrottle(LoginThrottleConfig.Settings settings, Clock clock) {
    this.settings = Objects.requireNonNull(settings, "settings");
    this.clock = Objects.requireNonNull(clock, "clock");
  }

  /**
   * Decides about a sign-in as {@code user} with {@code password} from {@code address}; charges it
   * if it may go on and is not the same guess as one in flight.
   */
  public Verdict attempt(String address, String user, String password) {
    return decide(address, user, guess(user, password));
  }

  /** The decision about an attempt presenting {@code guess}, its digest taken outside the lock. */
  private synchronized Verdict decide(String address, String user, String guess) {
    var now = clock.instant();
    var client = client(address);
    var pairKey = new Key(client, userKey(user));
    var clientKey = new Key(client, null);
    forgetStale(now);
    var pair = charges.get(pairKey);
    var whole = charges.get(clientKey);
    var same = pair == null ? null : pair.inFlight.get(guess);
    if (same != null) {
      return join(client, pairKey.user(), guess, same, whole, now);
    }
    var checkAt =
        latest(
            now, latest(ready(pair, settings.failures()), ready(whole, settings.clientFailures())));
    var hold = Duration.between(now, checkAt);
    var mustHold = !hold.isZero();
    if (mustHold && (hold.compareTo(settings.maxHold()) > 0 || held >= MAX_HELD)) {
      return new Refuse(hold);
    }
    charge(pairKey, pair, guess, checkAt);
    charge(clientKey, whole, guess, checkAt);
    if (mustHold) {
      held++;
    }
    return new Check(hold, new Ticket(client, pairKey.user(), guess, mustHold));
  }

  /**
   * An attempt presenting the same guess as {@code same}, in flight: checked when that one is, and
   * not charged, since it learns nothing that one does not.
   */
  private Verdict join(
      String client, String user, String guess, Flight same, Charges whole, Instant now) {
    var hold = same.checkAt.isAfter(now) ? Duration.between(now, same.checkAt) : Duration.ZERO;
    var mustHold = !hold.isZero();
    if (mustHold && held >= MAX_HELD) {
      return new Refuse(hold);
    }
    same.attempts++;
    var wholeFlight = whole == null ? null : whole.inFlight.get(guess);
    if (wholeFlight != null) {
      wholeFlight.attempts++;
    }
    if (mustHold) {
      held++;
    }
    return new Check(hold, new Ticket(client, user, guess, mustHold));
  }

  /** Settles a checked attempt: a success refunds its charges and clears its user's failures. */
  public synchronized void succeeded(Ticket ticket) {
    release(ticket);
    var pairKey = new Key(ticket.client(), ticket.user());
    var pair = charges.get(pairKey);
    if (pair != null) {
      land(pair, ticket.guess());
      pair.failures = 0;
      if (pair.count() == 0) {
        charges.remove(pairKey);
      }
    }
    var clientKey = new Key(ticket.client(), null);
    var whole = charges.get(clientKey);
    if (whole != null) {
      land(whole, ticket.guess());
      if (whole.count() == 0) {
        charges.remove(clientKey);
      }
    }
  }

  /**
   * Settles a checked attempt that failed: its charges stand, as one failure of each key once every
   * attempt presenting its guess has failed.
   */
  public synchronized Failure failed(Ticket ticket) {
    release(ticket);
    var now = clock.instant();
    var pair = charges.get(new Key(ticket.client(), ticket.user()));
    var whole = charges.get(new Key(ticket.client(), null));
    if (pair != null && land(pair, ticket.guess())) {
      pair.failures++;
    }
    if (whole != null && land(whole, ticket.guess())) {
      whole.failures++;
    }
    var next =
        latest(
            now, latest(ready(pair, settings.failures()), ready(whole, settings.clientFailures())));
    return new Failure(pair == null ? 0 : pair.count(), Duration.between(now, next));
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

  private static byte[] randomSalt() {
    var salt = new byte[16];
    new SecureRandom().nextBytes(salt);
    return salt;
  }

  /** A salted digest of a user and a password: equal for the same guess, never the password. */
  private String guess(String user, String password) {
    try {
      var digest = MessageDigest.getInstance("SHA-256");
      digest.update(salt);
      digest.update(String.valueOf(user).getBytes(StandardCharsets.UTF_8));
      digest.update((byte) 0);
      digest.update(String.valueOf(password).getBytes(StandardCharsets.UTF_8));
      return HexFormat.of().formatHex(digest.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }

  /**
   * One attempt presenting {@code guess} settled: whether that settles the guess, being the last of
   * its attempts in flight (not when more are, or the key no longer holds it).
   */
  private static boolean land(Charges key, String guess) {
    var flight = key.inFlight.get(guess);
    if (flight == null) {
      return false;
    }
    if (--flight.attempts > 0) {
      return false;
    }
    key.inFlight.remove(guess);
    return true;
  }

  private static String userKey(String user) {
    return user != null && USER.matcher(user).matches() ? user : IMPOSSIBLE_NAME;
  }

  /** When the next attempt of a key may be checked: its last check plus the wait it faces. */
  private Instant ready(Charges key, int free) {
    return key == null ? Instant.MIN : key.lastCheck.plus(wait(key.count(), free));
  }

  private void charge(Key key, Charges existing, String guess, Instant checkAt) {
    var charged = existing;
    if (charged == null) {
      makeRoom();
      charged = new Charges();
      charges.put(key, charged);
    }
    charged.inFlight.put(guess, new Flight(checkAt));
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
