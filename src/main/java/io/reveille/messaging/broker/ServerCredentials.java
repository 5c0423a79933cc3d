package io.reveille.messaging.broker;

import io.reveille.platform.secret.PrivateFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.security.SecureRandom;

/**
 * The password of Reveille's own connections to the embedded broker when none is configured:
 * generated on the first start and kept, readable by the server's account only, beside the broker's
 * data, so a restart (and the messages it kept) goes on with the same login.
 */
final class ServerCredentials {

  static final int MIN_LENGTH = 12;

  private ServerCredentials() {}

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
