package io.reveille.sync.control;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * A multi-value register: the value of one shared field, kept as every write that no later write
 * has superseded. A write whose clock has seen another's replaces it; writes made concurrently, on
 * sites that had not seen each other's, are all kept until a write that has seen them comes. So
 * merging is a union that drops what is superseded: commutative, associative and idempotent, and
 * any two sites that saw the same writes hold the same register, whatever the order and grouping in
 * which the writes reached them. Reading it picks one of the kept values by the field's rule
 * ({@link #resolve}), the same on every site. Immutable.
 *
 * @param <T> the field's value; {@code null} is a value too (a field written empty)
 */
public final class Register<T> {

  /** One write: the value, the clock of the write and the host that made it. */
  public record Version<T>(VectorClock clock, String host, T value) {
    public Version {
      Objects.requireNonNull(clock, "clock");
      Objects.requireNonNull(host, "host");
    }
  }

  /** The versions' order on every site: by clock (tie-break order), then host, then value. */
  private static final Comparator<Version<?>> CANONICAL =
      Comparator.<Version<?>, VectorClock>comparing(Version::clock, VectorClock.TIE_BREAK)
          .thenComparing(Version::host)
          .thenComparing(v -> String.valueOf(v.value()));

  private static final Register<?> EMPTY = new Register<>(List.of());

  private final List<Version<T>> versions;

  private Register(List<Version<T>> versions) {
    this.versions = versions;
  }

  /** The register of a field never written. */
  @SuppressWarnings("unchecked")
  public static <T> Register<T> empty() {
    return (Register<T>) EMPTY;
  }

  /** The register holding one write. */
  public static <T> Register<T> of(T value, VectorClock clock, String host) {
    return new Register<>(List.of(new Version<>(clock, host, value)));
  }

  /**
   * This register with a write made at {@code clock} by {@code host}: it replaces every version the
   * clock has seen, and stands beside those it has not.
   */
  public Register<T> write(T value, VectorClock clock, String host) {
    return merge(of(value, clock, host));
  }

  /** The writes of this register and {@code other}, less those a kept write supersedes. */
  public Register<T> merge(Register<T> other) {
    var all = new ArrayList<Version<T>>(versions.size() + other.versions.size());
    all.addAll(versions);
    other.versions.stream().filter(v -> !all.contains(v)).forEach(all::add);
    var kept =
        all.stream()
            .filter(v -> all.stream().noneMatch(w -> w.clock().dominates(v.clock())))
            .sorted(CANONICAL)
            .toList();
    return new Register<>(kept);
  }

  /** The kept writes, in the same order on every site. */
  public List<Version<T>> versions() {
    return versions;
  }

  /** Whether the field was never written. */
  public boolean isEmpty() {
    return versions.isEmpty();
  }

  /** The least clock that has seen every kept write. */
  public VectorClock clock() {
    return versions.stream().map(Version::clock).reduce(VectorClock.empty(), VectorClock::merge);
  }

  /**
   * The field's value: of the kept writes, the greatest by {@code preference}, and among equals the
   * latest by the clocks' tie-break order, then by host. Empty when the field was never written.
   */
  public Optional<Version<T>> resolve(Comparator<? super Version<T>> preference) {
    return versions.stream()
        .max(
            Comparator.<Version<T>>comparingInt(v -> 0)
                .thenComparing(preference)
                .thenComparing(Version::clock, VectorClock.TIE_BREAK)
                .thenComparing(Version::host));
  }

  /** The field's value when its writes are concurrent only by accident: the latest one wins. */
  public Optional<Version<T>> latest() {
    return resolve((a, b) -> 0);
  }

  @Override
  public boolean equals(Object other) {
    return other instanceof Register<?> register && versions.equals(register.versions);
  }

  @Override
  public int hashCode() {
    return versions.hashCode();
  }

  @Override
  public String toString() {
    return versions.toString();
  }
}
