package io.reveille.platform;

import io.reveille.platform.secret.PrivateFiles;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.ejb.Singleton;
import jakarta.ejb.Startup;
import jakarta.inject.Inject;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * Holds this server's data directory ({@code reveille.data.dir}) while the application runs: a
 * second server started on the same directory stops its start-up with a message naming the
 * directory and this server. The directory, the generated secrets' directory and the generated TLS
 * key store are made the server account's alone at every start: Liberty creates some of them (the
 * key store, the transaction log) before the application runs, with the process's umask.
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
    var narrowed = makePrivate(path.get());
    if (!narrowed.isEmpty()) {
      LOG.log(
          Level.INFO,
          "Other accounts could read {0}; now only the server''s account can",
          narrowed);
    }
    lock =
        DataDirectoryLock.acquire(
            path.get(), "node " + node.nodeId() + ", process " + ProcessHandle.current().pid());
    LOG.log(Level.INFO, "Data directory {0}", path.get().toAbsolutePath());
  }

  /**
   * Takes the group's and others' permissions from the directory, the generated secrets' directory
   * and the generated TLS key store; answers what it narrowed. A part it cannot change is logged,
   * not fatal: the server runs as before.
   */
  static List<Path> makePrivate(Path directory) {
    var narrowed = new ArrayList<Path>();
    var parts =
        List.of(
            directory,
            directory.resolve("secrets"),
            directory.resolve("security"),
            directory.resolve("security").resolve("key.p12"));
    for (var part : parts) {
      try {
        if (PrivateFiles.restrictToOwner(part)) {
          narrowed.add(part);
        }
      } catch (IOException e) {
        LOG.log(
            Level.WARNING,
            "Cannot make {0} private to the server''s account: {1}",
            new Object[] {part, e.getMessage()});
      }
    }
    return narrowed;
  }

  @PreDestroy
  void unlock() {
    if (lock != null) {
      lock.close();
    }
  }
}
