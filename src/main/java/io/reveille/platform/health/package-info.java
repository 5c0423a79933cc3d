/**
 * The MicroProfile Health readiness checks at {@code /health/ready}: the database answers ({@code
 * DatabaseReadiness}), the broker answers ({@code BrokerReadiness}, by browsing {@code
 * reveille.notifications}), and the start-up work has succeeded ({@code StartupReadiness}, asking
 * the platform's {@code StartupWork}). The open endpoint says only UP or DOWN; why goes to the
 * server log, once per change ({@code Transitions}). It uses only the platform package and the
 * server's data source and connection factory.
 */
package io.reveille.platform.health;
