package io.reveille.security.boundary;

import io.reveille.security.control.Role;
import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The least role that may call a REST operation (on the method) or every operation of a resource
 * that does not say otherwise (on the class). {@link RoleFilter} enforces it; an operation with
 * neither is refused to everyone, so a forgotten annotation fails closed.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
public @interface Allowed {
  Role value();
}
