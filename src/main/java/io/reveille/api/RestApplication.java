package io.reveille.api;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import org.eclipse.microprofile.openapi.annotations.OpenAPIDefinition;
import org.eclipse.microprofile.openapi.annotations.info.Info;

/** Reveille's management API: every resource lives under {@code /api}. */
@ApplicationPath("api")
@OpenAPIDefinition(
    info =
        @Info(
            title = "Reveille",
            version = "1",
            description =
                "Management of persistent, mostly-asleep agents. Errors are "
                    + "application/problem+json (RFC 9457); every resource carries its version as ETag and "
                    + "changes honour If-Match."))
public class RestApplication extends Application {}
