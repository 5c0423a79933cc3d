/** Hibernate adjustments the platform needs: types registered before the persistence unit boots. */
package io.reveille.platform.persistence;
