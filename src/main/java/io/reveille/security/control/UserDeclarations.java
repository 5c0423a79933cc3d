package io.reveille.security.control;

import io.reveille.platform.wire.WireEnum;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * Further users declared by configuration: {@code reveille.users} lists {@code name:role} pairs
 * ({@code alice:viewer,feeder:producer}) and each user's password is {@code
 * reveille.user.<name>.password} (environment: {@code REVEILLE_USER_<NAME>_PASSWORD}). Nothing of
 * it ships in the application; an operator sets it where the server runs.
 */
public final class UserDeclarations {

  public record Declared(String name, Role role) {}

  private UserDeclarations() {}

  /**
   * The pairs of {@code spec}, in order.
   *
   * @throws IllegalArgumentException naming the first malformed entry
   */
  public static List<Declared> parse(String spec) {
    var declared = new ArrayList<Declared>();
    if (spec == null || spec.isBlank()) {
      return declared;
    }
    for (var part : spec.split(",")) {
      var entry = part.strip();
      if (entry.isEmpty()) {
        continue;
      }
      var colon = entry.indexOf(':');
      if (colon < 0) {
        throw new IllegalArgumentException(
            "reveille.users: '"
                + entry
                + "' must be name:role (role: viewer, operator, admin or producer)");
      }
      var name = entry.substring(0, colon).strip();
      var roleName = entry.substring(colon + 1).strip();
      if (!name.matches(UserDirectory.NAME_PATTERN)) {
        throw new IllegalArgumentException(
            "reveille.users: user name '" + name + "' must match " + UserDirectory.NAME_PATTERN);
      }
      var role =
          WireEnum.find(Role.class, roleName)
              .orElseThrow(
                  () ->
                      new IllegalArgumentException(
                          "reveille.users: role '"
                              + roleName
                              + "' of user '"
                              + name
                              + "' is none of viewer, operator, admin, producer"));
      declared.add(new Declared(name, role));
    }
    return declared;
  }

  /** The configuration key holding a declared user's password. */
  public static String passwordKey(String name) {
    return "reveille.user." + name + ".password";
  }

  /**
   * A directory of the administrator and the declared users, each declared user's password looked
   * up with {@code passwords}.
   *
   * @throws IllegalArgumentException when a declared user has no password or a short one
   */
  public static UserDirectory directory(
      String adminName,
      String adminPassword,
      List<Declared> declared,
      Function<String, Optional<String>> passwords) {
    var builder = UserDirectory.builder().add(adminName, adminPassword, Role.ADMIN);
    for (var user : declared) {
      var key = passwordKey(user.name());
      var password =
          passwords
              .apply(key)
              .filter(p -> !p.isBlank())
              .orElseThrow(
                  () ->
                      new IllegalArgumentException(
                          "user '"
                              + user.name()
                              + "' is declared in reveille.users but "
                              + key
                              + " is not set"));
      builder.add(user.name(), password, user.role());
    }
    return builder.build();
  }
}
