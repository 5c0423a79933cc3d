package io.reveille.tool.control.external;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.reveille.testing.SameOnEveryStack;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.config.Config;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Inside the server, with Liberty's own configuration sources: a header's {@code ${secret:NAME}}
 * finds the secret an operator set for it in the environment ({@code TOOL_SECRET_IT_SINK_TOKEN}, by
 * MicroProfile Config's mapping of {@code tool-secret.it.sink.token}), and none of the server's
 * other settings, though they are there to be read: the administrator password and the TLS key
 * store's password (from {@code server.env}, in the environment as {@code keystore_password}).
 *
 * <p>Configuration only, no database or broker: a pass on another stack would only repeat it.
 */
@SameOnEveryStack
@ExtendWith(ArquillianExtension.class)
class ToolSecretsIT {

  @Inject ExternalTools tools;
  @Inject Config config;

  @Test
  void aHeaderSecretIsReadFromItsNamespaceAndReachesNoOtherSettingOfTheServer() {
    var token = tools.secret("it.sink.token");
    assertTrue(token.isPresent(), "the sink's token, from TOOL_SECRET_IT_SINK_TOKEN");
    assertEquals(Optional.ofNullable(System.getenv("TOOL_SECRET_IT_SINK_TOKEN")), token);

    for (var setting : List.of("reveille.admin.password", "keystore_password")) {
      assertTrue(
          config.getOptionalValue(setting, String.class).isPresent(),
          setting + " is set in this server");
      assertEquals(Optional.empty(), tools.secret(setting), setting);
    }
  }
}
