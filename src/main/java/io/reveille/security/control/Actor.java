package io.reveille.security.control;

import java.util.Objects;

/**
 * A person who asked for something over the API, by name and by the strongest role they hold: a
 * wake they cause carries the role, so that what its run may do without an admin's approval is
 * never more than what they may do themselves.
 */
public record Actor(String name, Role role) {

  public Actor {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(role, "role");
  }
}
