/**
 * Persistence the features share: Hibernate types registered before the persistence unit boots, and
 * the {@link io.reveille.platform.persistence.Window} through which every list is read a page at a
 * time; and the connections the persistence unit takes from the container, which count each
 * thread's statements and transactions when {@code reveille.db.count-round-trips} is on ({@link
 * io.reveille.platform.persistence.RoundTrips}).
 */
package io.reveille.platform.persistence;
