/**
 * Typed, schema-versioned JSON documents stored in text columns and exchanged over the API ({@code
 * AgentConfig}, {@code AgentSlots}, {@code AgentMessageMetadata}, ...).
 *
 * <p>A document is read in one of two modes. From a user it is read strictly: every known field is
 * type-checked and bounded, an unknown field or another schema version is refused, and every error
 * is an {@link io.reveille.platform.error.InvalidInputException} naming the JSON path. From the
 * database it is read leniently, because a newer version of Reveille sharing the database may have
 * written fields this one does not know: those are kept verbatim and written back, so a
 * read-modify-write by an older node loses nothing. Free-form data lives only in the namespaced
 * {@code extension} object. Only JSON-P is used; the server provides it.
 *
 * <p>Free-form objects without a schema of their own (tool arguments, timer schedules, report
 * provenance) are stored as they are by {@link io.reveille.platform.json.JsonObjectConverter}.
 */
package io.reveille.platform.json;
