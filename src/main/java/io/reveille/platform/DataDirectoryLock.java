package io.reveille.platform;

import io.reveille.platform.secret.PrivateFiles;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.channels.FileLock;
import java.nio.channels.OverlappingFileLockException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * An exclusive lock on a data directory ({@code server.lock} in it), held until closed or until the
 * process ends, however it ends: the operating system releases it with the process. Two servers on
 * one data directory would share its generated passwords and, with PostgreSQL and an external
 * broker, its default node id, and take each other's live runs for abandoned ones; the second one
 * refuses to start instead.
 */
public final class DataDirectoryLock implements AutoCloseable {

  static final String FILE = "server.lock";

  private final FileChannel channel;
  private final FileLock lock;

  private DataDirectoryLock(FileChannel channel, FileLock lock) {
    this.channel = channel;
    this.lock = lock;
  }

  /**
   * Creates {@code directory} if needed, for the server's account alone ({@code rwx------}; an
   * existing one is narrowed to that), and locks it for this process, writing {@code holder} (who
   * holds it, for the message another server gets) into the lock file.
   *
   * @throws IllegalStateException naming the directory and its holder when another server (or this
   *     process) holds it, or when it cannot be locked at all
   */
  public static DataDirectoryLock acquire(Path directory, String holder) {
    var file = directory.resolve(FILE);
    FileChannel channel = null;
    try {
      PrivateFiles.privateDirectory(directory);
      channel =
          FileChannel.open(
              file, StandardOpenOption.CREATE, StandardOpenOption.READ, StandardOpenOption.WRITE);
      FileLock lock;
      try {
        lock = channel.tryLock();
      } catch (OverlappingFileLockException e) {
        lock = null;
      }
      if (lock == null) {
        var other = readHolder(channel);
        channel.close();
        throw new IllegalStateException(
            "the data directory "
                + directory
                + " is in use by another server"
                + (other.isBlank() ? "" : " (" + other + ")")
                + "; every server needs a data directory of its own (reveille.data.dir,"
                + " REVEILLE_DATA_DIR)");
      }
      channel.truncate(0);
      channel.write(ByteBuffer.wrap(holder.getBytes(StandardCharsets.UTF_8)), 0);
      channel.force(true);
      return new DataDirectoryLock(channel, lock);
    } catch (IOException e) {
      if (channel != null) {
        try {
          channel.close();
        } catch (IOException suppressed) {
          e.addSuppressed(suppressed);
        }
      }
      throw new IllegalStateException(
          "cannot lock the data directory " + directory + ": " + e.getMessage(), e);
    }
  }

  private static String readHolder(FileChannel channel) throws IOException {
    var buffer = ByteBuffer.allocate(512);
    channel.read(buffer, 0);
    buffer.flip();
    return StandardCharsets.UTF_8.decode(buffer).toString().strip();
  }

  @Override
  public void close() {
    try {
      lock.release();
      channel.close();
    } catch (IOException e) {
      // The process keeps nothing locked once the channel is gone; nothing to do.
    }
  }
}
