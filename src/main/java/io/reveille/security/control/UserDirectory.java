package io.reveille.security.control;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The users HTTP Basic authenticates against: the built-in administrator and the users declared by
 * configuration. Only digests of the passwords are kept, compared in constant time; an unknown name
 * costs the same comparison as a known one, so timing does not tell which names exist.
 */
public final class UserDirectory {

  /** A user name: what HTTP Basic can carry and a log line can show. */
  public static final String NAME_PATTERN = "[A-Za-z0-9._@-]{1,64}";

  private record Entry(byte[] digest, Set<Role> roles) {}

  private final Map<String, Entry> users;
  private final byte[] absent = digest("\u0000no such user\u0000");

  private UserDirectory(Map<String, Entry> users) {
    this.users = Map.copyOf(users);
  }

  public static Builder builder() {
    return new Builder();
  }

  public Optional<Caller> authenticate(String name, String password) {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(password, "password");
    var entry = users.get(name);
    var matches = MessageDigest.isEqual(entry == null ? absent : entry.digest(), digest(password));
    if (entry == null || !matches) {
      return Optional.empty();
    }
    return Optional.of(new Caller(name, entry.roles(), Caller.Mechanism.BASIC));
  }

  /** The roles {@code name} holds (implied ones included), when it is a user. */
  public Optional<Set<Role>> roles(String name) {
    return Optional.ofNullable(users.get(name)).map(Entry::roles);
  }

  /**
   * The digest of {@code name}'s password, when it is a user: what a console session token is bound
   * to, so that a changed password ends the sessions signed in with the old one.
   */
  Optional<byte[]> passwordDigest(String name) {
    return Optional.ofNullable(users.get(name)).map(entry -> entry.digest().clone());
  }

  public Set<String> names() {
    return users.keySet();
  }

  private static byte[] digest(String password) {
    try {
      return MessageDigest.getInstance("SHA-256").digest(password.getBytes(StandardCharsets.UTF_8));
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("every Java runtime has SHA-256", e);
    }
  }

  public static final class Builder {
    private final Map<String, Entry> users = new LinkedHashMap<>();

    private Builder() {}

    /**
     * Adds a user holding {@code role} and every role it implies.
     *
     * @throws IllegalArgumentException for a bad name, a short password or a name given twice
     */
    public Builder add(String name, String password, Role role) {
      if (name == null || !name.matches(NAME_PATTERN)) {
        throw new IllegalArgumentException("user name '" + name + "' must match " + NAME_PATTERN);
      }
      if (password == null || password.length() < AdminPassword.MIN_LENGTH) {
        throw new IllegalArgumentException(
            "the password of user '"
                + name
                + "' must have at least "
                + AdminPassword.MIN_LENGTH
                + " characters");
      }
      if (users.containsKey(name)) {
        throw new IllegalArgumentException("user '" + name + "' is declared twice");
      }
      users.put(name, new Entry(digest(password), role.implied()));
      return this;
    }

    public UserDirectory build() {
      return new UserDirectory(users);
    }
  }
}
