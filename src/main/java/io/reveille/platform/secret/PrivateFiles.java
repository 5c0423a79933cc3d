package io.reveille.platform.secret;

import java.io.IOException;
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
 * Secrets a server generates for itself and keeps across restarts (the administrator's password,
 * the embedded broker's own login): in a file only the server's account may read or write, written
 * under a temporary name with those permissions and moved into place, so no reader ever sees a
 * half-written or world-readable secret. Also packaged into the broker adapter, which keeps its
 * login the same way.
 */
public final class PrivateFiles {

  private static final int GENERATED_BYTES = 24;

  private PrivateFiles() {}

  /** A new random secret: 24 random bytes, 32 URL-safe characters. */
  public static String randomSecret(SecureRandom random) {
    var bytes = new byte[GENERATED_BYTES];
    random.nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }

  /**
   * The secret kept in {@code file}, if there is one.
   *
   * @throws IOException when the file cannot be read or holds fewer than {@code minLength}
   *     characters (a damaged file stops the start rather than being replaced)
   */
  public static Optional<String> read(Path file, int minLength) throws IOException {
    if (!Files.exists(file)) {
      return Optional.empty();
    }
    var text = Files.readString(file, StandardCharsets.UTF_8).strip();
    if (text.length() < minLength) {
      throw new IOException(
          file + " holds no usable secret (fewer than " + minLength + " characters)");
    }
    return Optional.of(text);
  }

  /** Writes {@code secret} to {@code file}, readable and writable by the owner only. */
  public static void write(Path file, String secret) throws IOException {
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
    Files.writeString(temp, secret + "\n", StandardCharsets.UTF_8);
    Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE);
  }
}
