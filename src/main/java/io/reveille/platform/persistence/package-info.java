/**
 * Persistence the features share: Hibernate types registered before the persistence unit boots, and
 * the {@link io.reveille.platform.persistence.Window} through which every list is read a page at a
 * time.
 */
package io.reveille.platform.persistence;
