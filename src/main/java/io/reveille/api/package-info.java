/**
 * REST plumbing shared by every feature: the JAX-RS application at {@code /api}, the translation of
 * every failure into one RFC 9457 problem+json shape, and the mapping between an entity's
 * {@code @Version} and the HTTP {@code ETag} / {@code If-Match} headers. Feature resources stay
 * thin because the rules of the API's edge live here once.
 */
package io.reveille.api;
