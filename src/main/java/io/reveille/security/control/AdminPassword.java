package io.reveille.security.control;

import io.reveille.platform.secret.PrivateFiles;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Optional;

/**
 * The built-in administrator's password: the configured one when there is one, otherwise one this
 * server generated on its first start and keeps in a file only its own account may read, so a
 * restart keeps it. There is no default password anywhere.
 */
public final class AdminPassword {

  /** Where the password came from; only a freshly generated one is worth a log line. */
  public enum Source {
    CONFIGURED,
    STORED,
    GENERATED
  }

  public record Resolved(String password, Source source, Optional<Path> file) {
    @Override
    public String toString() {
      return "Resolved[source=" + source + ", file=" + file.orElse(null) + "]";
    }
  }

  /** The least length of a configured password; a generated one has 32 characters. */
  public static final int MIN_LENGTH = 12;

  private AdminPassword() {}

  /**
   * The password to use: {@code configured} when set, else the one stored in {@code file}, else a
   * new random one written to {@code file} (owner read/write only).
   *
   * @throws IllegalArgumentException when the configured password is too short
   * @throws UncheckedIOException when the file cannot be read or written
   */
  public static Resolved resolve(Optional<String> configured, Path file, SecureRandom random) {
    var given = configured.filter(p -> !p.isBlank());
    if (given.isPresent()) {
      if (given.get().length() < MIN_LENGTH) {
        throw new IllegalArgumentException(
            "reveille.admin.password (REVEILLE_ADMIN_PASSWORD) must have at least "
                + MIN_LENGTH
                + " characters");
      }
      return new Resolved(given.get(), Source.CONFIGURED, Optional.empty());
    }
    try {
      var stored = PrivateFiles.read(file, MIN_LENGTH);
      if (stored.isPresent()) {
        return new Resolved(stored.get(), Source.STORED, Optional.of(file));
      }
      var generated = PrivateFiles.randomSecret(random);
      PrivateFiles.write(file, generated);
      return new Resolved(generated, Source.GENERATED, Optional.of(file));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot keep the administrator password in " + file, e);
    }
  }
}
