/**
 * The rules security applies, free of JAX-RS so unit tests reach them without a container: who a
 * request's credentials name ({@code Authentication} over {@code PresentedCredentials}, HTTP Basic
 * against {@code UserDirectory} and {@code Users}, bearer tokens through {@code BearerTokens},
 * {@code JwtVerifier} and {@code TrustedKeys}), the resulting {@code Caller} and its cumulative
 * {@code Role}s, the administrator's password ({@code AdminPassword}) and declared users ({@code
 * UserDeclarations}), the edge's checks ({@code EdgeRules}) and the append-only {@code AuditTrail}.
 * It uses security's entity package and the platform's JSON documents, paging and secrets, and no
 * feature.
 */
package io.reveille.security.control;
