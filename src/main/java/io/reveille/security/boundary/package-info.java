/**
 * The API's security, in filters that run before a resource: the edge's limits and host rule,
 * authentication, the operation's least role ({@code Allowed}, {@code RoleFilter}), the audit of
 * every state-changing request; and the resources for the caller, the audit trail and the OpenAPI
 * document.
 *
 * <p>May use: security's control classes and entity, the API plumbing, platform. Every feature's
 * boundary may use {@code Allowed} and {@code Authorization}.
 */
package io.reveille.security.boundary;
