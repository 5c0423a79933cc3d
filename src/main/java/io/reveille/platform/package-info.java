/**
 * What every feature stands on and nothing feature-specific: the one {@code Clock} ({@code
 * ClockProducer}), this server's place among the nodes ({@code NodeIdentity}) and its locked data
 * directory ({@code DataDirectory}, {@code DataDirectoryLock}), the schema brought up to date
 * before anything reads it ({@code SchemaMigrator} over the scripts {@code SchemaMigrations}
 * names), which database this is ({@code DatabaseKind}), start-up work retried until it succeeds
 * ({@code StartupWork}), a timer's round that never overlaps itself or throws ({@code
 * PeriodicRound}), work deferred until a commit ({@code AfterCommit}), configuration checks that
 * name the setting ({@code Settings}) and outside text made safe for a log line ({@code LogText}).
 * It imports no other Reveille package; its subpackages hold errors, JSON documents, persistence
 * helpers, secrets and readiness checks.
 */
package io.reveille.platform;
