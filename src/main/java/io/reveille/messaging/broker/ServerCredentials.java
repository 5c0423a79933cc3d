package io.reveille.messaging.broker;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;

/**
 * The password of Reveille's own connections to the embedded broker when none is configured:
 * generated on the first start and kept, readable by the server's account only, beside the broker's
 * data, so a restart (and the messages it kept) goes on with the same login.
 */
final class ServerCredentials {

  static final int MIN_LENGTH = 12;

  private ServerCredentials() {}

  static String passwordIn(Path file) throws IOException {
    if (Files.exists(file)) {
      var stored = Files.readString(file, StandardCharsets.UTF_8).strip();
      if (stored.length() < MIN_LENGTH) {
        throw new IOException(file + " holds no usable broker password");
      }
      return stored;
    }
    var bytes = new byte[24];
    new SecureRandom().nextBytes(bytes);
    var password = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    var dir = file.toAbsolutePath().getParent();
    Files.createDirectories(dir);
    var temp = dir.resolve(file.getFileName() + ".new");
    Files.deleteIfExists(temp);
    try {
      Files.createFile(
          temp, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
    } catch (UnsupportedOperationException notPosix) {
      Files.createFile(temp);
    }
    Files.writeString(temp, password + "\n", StandardCharsets.UTF_8);
    Files.move(temp, file, StandardCopyOption.ATOMIC_MOVE);
    return password;
  }
}
