package io.reveille.security.control;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
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

  private static final int GENERATED_BYTES = 24;

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
      var stored = read(file);
      if (stored.isPresent()) {
        return new Resolved(stored.get(), Source.STORED, Optional.of(file));
      }
      var bytes = new byte[GENERATED_BYTES];
      random.nextBytes(bytes);
      var generated = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
      write(file, generated);
      return new Resolved(generated, Source.GENERATED, Optional.of(file));
    } catch (IOException e) {
      throw new UncheckedIOException("cannot keep the administrator password in " + file, e);
    }
  }

  private static Optional<String> read(Path file) throws IOException {
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    var text = Files.readString(file, StandardCharsets.UTF_8).strip();
    if (text.length() < MIN_LENGTH) {
      throw new IOException(
          "the file holds no usable password (fewer than " + MIN_LENGTH + " characters)");
    }
    return Optional.of(text);
  }

  /** Written under a temporary name with its final permissions, then moved into place. */
  private static void write(Path file, String password) throws IOException {
    var dir = file.toAbsolutePath().getParent();
    Files.createDirectories(dir);
    var temp = dir.resolve(file.getFileName() + ".new");
    Files.deleteIfExists(temp);
    try {
      Files.createFile(
          temp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    } catch (UnsupportedOperationException notPosix) {
      Files.createFile(temp);
    } catch (FileAlreadyExistsException raced) {
      throw new IOException("another process is writing " + temp, raced);
    }
    Files.writeString(temp, password + "\n", StandardCharsets.UTF_8);
    Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE);
  }
}
