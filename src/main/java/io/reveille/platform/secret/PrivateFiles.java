package io.reveille.platform.secret;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFileAttributeView;
import java.nio.file.attribute.PosixFilePermission;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.EnumSet;
import java.util.Optional;
import java.util.Set;

/**
 * Secrets a server generates for itself and keeps across restarts (the administrator's password,
 * the embedded broker's own login): in a file only the server's account may read or write, written
 * under a temporary name with those permissions and moved into place, so no reader ever sees a
 * half-written or world-readable secret; the directories it creates for them are the account's
 * alone too. The data directory itself is made private the same way ({@link #privateDirectory}),
 * whoever creates it first. Also packaged into the broker adapter, which keeps its login the same
 * way.
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

  private static final Set<PosixFilePermission> OWNER_DIRECTORY =
      PosixFilePermissions.fromString("rwx------");
  private static final Set<PosixFilePermission> OWNER_FILE =
      PosixFilePermissions.fromString("rw-------");
  private static final Set<PosixFilePermission> OTHERS =
      EnumSet.of(
          PosixFilePermission.GROUP_READ,
          PosixFilePermission.GROUP_WRITE,
          PosixFilePermission.GROUP_EXECUTE,
          PosixFilePermission.OTHERS_READ,
          PosixFilePermission.OTHERS_WRITE,
          PosixFilePermission.OTHERS_EXECUTE);

  /**
   * Creates {@code dir} and its missing parents accessible to the owner only ({@code rwx------}),
   * whatever the process's umask; an existing one that other accounts may enter is restricted to
   * the owner. On a file system without POSIX permissions, merely creates it.
   *
   * @return whether an existing directory's permissions were narrowed
   */
  public static boolean privateDirectory(Path dir) throws IOException {
    if (Files.isDirectory(dir)) {
      return restrictToOwner(dir);
    }
    try {
      Files.createDirectories(dir, PosixFilePermissions.asFileAttribute(OWNER_DIRECTORY));
    } catch (UnsupportedOperationException notPosix) {
      Files.createDirectories(dir);
    }
    return false;
  }

  /**
   * Takes every permission of the group and of others away from {@code path} (a directory keeps its
   * owner's {@code rwx}, a file its owner's {@code rw}); nothing when it has none of them, does not
   * exist, or the file system has no POSIX permissions.
   *
   * @return whether the permissions were narrowed
   */
  public static boolean restrictToOwner(Path path) throws IOException {
    var view = Files.getFileAttributeView(path, PosixFileAttributeView.class);
    if (view == null || !Files.exists(path)) {
      return false;
    }
    var permissions = view.readAttributes().permissions();
    if (permissions.stream().noneMatch(OTHERS::contains)) {
      return false;
    }
    view.setPermissions(Files.isDirectory(path) ? OWNER_DIRECTORY : OWNER_FILE);
    return true;
  }

  /** Writes {@code secret} to {@code file}, readable and writable by the owner only. */
  public static void write(Path file, String secret) throws IOException {
    var dir = file.toAbsolutePath().getParent();
    if (!Files.isDirectory(dir)) {
      privateDirectory(dir);
    }
    var temp = dir.resolve(file.getFileName() + ".new");
    Files.deleteIfExists(temp);
    try {
      Files.createFile(temp, PosixFilePermissions.asFileAttribute(OWNER_FILE));
    } catch (UnsupportedOperationException notPosix) {
      Files.createFile(temp);
    } catch (FileAlreadyExistsException raced) {
      throw new IOException("another process is writing " + temp, raced);
    }
    Files.writeString(temp, secret + "\n", StandardCharsets.UTF_8);
    Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE);
  }
}
