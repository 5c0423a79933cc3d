package io.reveille.platform;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;
import java.util.regex.Pattern;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Which site of a multi-site deployment this server belongs to: the host id every node of the site
 * shares ({@code reveille.sync.host-id}), checked when read; empty for a server that is no site of
 * any (the default). An agent lives on the site that made it, its <em>home</em>: only there does it
 * run, act or change.
 */
@ApplicationScoped
public class Site {

  /** A host id: 1 to 64 letters, digits, '.', '_' or '-'. */
  public static final Pattern HOST_ID = Pattern.compile("[A-Za-z0-9._-]{1,64}");

  private Optional<String> hostId;

  Site() {}

  @Inject
  public Site(@ConfigProperty(name = "reveille.sync.host-id") Optional<String> hostId) {
    this.hostId = hostId.map(String::strip).filter(id -> !id.isEmpty()).map(Site::checked);
  }

  private static String checked(String hostId) {
    if (!HOST_ID.matcher(hostId).matches()) {
      throw new IllegalArgumentException(
          "reveille.sync.host-id must be 1 to 64 letters, digits, '.', '_' or '-', not '"
              + hostId
              + "'");
    }
    return hostId;
  }

  /** This site's host id; empty when the server is no site of a multi-site deployment. */
  public Optional<String> hostId() {
    return hostId;
  }
}
