package io.reveille.platform;

import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import java.nio.file.Path;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Holds this server's data directory ({@code reveille.data.dir}) while the application runs: a
 * second server started on the same directory stops its start-up with a message naming the
 * directory and this server.
 */
@Startup
@Singleton
public class DataDirectory {

  private static final Logger LOG = Logger.getLogger(DataDirectory.class.getName());

  @Inject
  @ConfigProperty(name = "reveille.data.dir")
  Optional<String> directory;

  @Inject NodeIdentity node;

  private DataDirectoryLock lock;

  @PostConstruct
  void lock() {
    var path = directory.filter(d -> !d.isBlank()).map(Path::of);
    if (path.isEmpty()) {
      LOG.warning("reveille.data.dir is not set: the data directory is not locked");
      return;
    }
    lock =
        DataDirectoryLock.acquire(
            path.get(), "node " + node.nodeId() + ", process " + ProcessHandle.current().pid());
    LOG.log(Level.INFO, "Data directory {0}", path.get().toAbsolutePath());
  }

  @PreDestroy
  void unlock() {
    if (lock != null) {
      lock.close();
    }
  }
}
