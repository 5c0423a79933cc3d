package io.reveille.security.control;

import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.Optional;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.Config;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The built-in users, settled once when the application starts: the administrator ({@code
 * reveille.admin.user}, default {@code admin}; {@code reveille.admin.password}, else a generated
 * password kept in the data directory) and the users {@code reveille.users} declares. A bad
 * declaration stops the start with the reason rather than leaving a user half-configured.
 */
@ApplicationScoped
public class Users {

  private static final Logger LOG = Logger.getLogger(Users.class.getName());

  @Inject Config config;

  @Inject
  @ConfigProperty(name = "reveille.admin.user", defaultValue = "admin")
  String adminName;

  @Inject
  @ConfigProperty(name = "reveille.admin.password")
  Optional<String> adminPassword;

  @Inject
  @ConfigProperty(name = "reveille.admin.password-file")
  Optional<String> passwordFile;

  @Inject
  @ConfigProperty(name = "reveille.data.dir")
  Optional<String> dataDir;

  @Inject
  @ConfigProperty(name = "reveille.users")
  Optional<String> declared;

  private UserDirectory directory;

  /** Settles the users once; a bad declaration fails the bean, and so the application's start. */
  @PostConstruct
  void load() {
    directory = build();
  }

  /** Creates this bean when the application starts, not on the first request. */
  void onStart(@Observes @Initialized(ApplicationScoped.class) Object started) {
    directory.names();
  }

  public UserDirectory directory() {
    return directory;
  }

  /** Where a generated administrator password is kept. */
  public Path passwordFile() {
    return passwordFile
        .filter(p -> !p.isBlank())
        .map(Path::of)
        .orElseGet(() -> Path.of(dataDir.orElse("."), "secrets", "admin-password"));
  }

  private UserDirectory build() {
    var resolved = AdminPassword.resolve(adminPassword, passwordFile(), new SecureRandom());
    if (resolved.source() == AdminPassword.Source.GENERATED) {
      LOG.warning(
          () ->
              "Generated a password for the built-in administrator '"
                  + adminName
                  + "'; it is in "
                  + resolved.file().orElseThrow().toAbsolutePath()
                  + " (readable by this account only). Set REVEILLE_ADMIN_PASSWORD to choose one.");
    }
    var users = UserDeclarations.parse(declared.orElse(""));
    var built =
        UserDeclarations.directory(
            adminName,
            resolved.password(),
            users,
            key -> config.getOptionalValue(key, String.class));
    LOG.info(() -> "Built-in users: " + String.join(", ", built.names()));
    return built;
  }
}
