package io.reveille.messaging.broker;

import io.reveille.platform.secret.PrivateFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.security.SecureRandom;

/**
 * The login of Reveille's own connections to the embedded broker when none is configured: a user
 * name and a password generated on the first start and kept, readable by the server's account only,
 * beside the broker's data, so a restart (and the messages it kept) goes on with the same login.
 *
 * <p>The name is generated too, not a fixed default: Reveille's own login may do everything on the
 * broker, and a name anyone can guess is half of it.
 */
final class ServerCredentials {

  static final int MIN_LENGTH = 12;

  /** What a generated user name starts with, so operators recognise it among the broker's. */
  static final String USER_PREFIX = "reveille-";

  /** Random characters after the prefix: 16 URL-safe Base64 characters, 96 bits. */
  private static final int USER_RANDOM_CHARS = 16;

  private ServerCredentials() {}

  static String userIn(Path file) throws IOException {
    var stored = PrivateFiles.read(file, MIN_LENGTH);
    if (stored.isPresent()) {
      return stored.get();
    }
    var user =
        USER_PREFIX + PrivateFiles.randomSecret(new SecureRandom()).substring(0, USER_RANDOM_CHARS);
    PrivateFiles.write(file, user);
    return user;
  }

  static String passwordIn(Path file) throws IOException {
    var stored = PrivateFiles.read(file, MIN_LENGTH);
    if (stored.isPresent()) {
      return stored.get();
    }
    var password = PrivateFiles.randomSecret(new SecureRandom());
    PrivateFiles.write(file, password);
    return password;
  }
}
