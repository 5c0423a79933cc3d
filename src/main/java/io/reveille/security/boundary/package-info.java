/**
 * Security at the API's edge, as JAX-RS filters and servlet helpers: {@code EdgeFilter} (body size,
 * allowed hosts, cross-site changes, protective headers), {@code AuditFilter} (a request id and the
 * audit record of every change), {@code AuthenticationFilter} (the request's {@code CallerContext})
 * and {@code RoleFilter} (the operation's {@code Allowed} role), with {@code Authorization} for the
 * few in-operation checks and {@code HostCheck} and {@code ServletGate} for what is served beside
 * the API. It exposes {@code GET /api/me} ({@code CallerResource}), {@code GET /api/audit} ({@code
 * AuditResource}) and the OpenAPI document at {@code /openapi} ({@code OpenApiDocument}). It uses
 * security's control and entity packages, {@code api} and the platform; every resource of every
 * feature uses its {@code Allowed}.
 */
package io.reveille.security.boundary;
