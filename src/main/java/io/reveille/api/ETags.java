package io.reveille.api;

import io.reveille.platform.error.InvalidInputException;
import jakarta.ws.rs.core.EntityTag;
import java.util.OptionalLong;

/**
 * An entity's {@code @Version} as a strong ETag ({@code "3"}), and the version a client expects
 * when it sends {@code If-Match}.
 *
 * <p>Comparing the expected version before changing anything is what turns a stale client into a
 * 412 instead of a silent overwrite; the {@code @Version} check at flush catches the race that
 * remains between that comparison and the commit (409).
 */
public final class ETags {

  private ETags() {}

  public static EntityTag of(long version) {
    return new EntityTag(Long.toString(version));
  }

  /**
   * The version named by an {@code If-Match} header: empty when the header is absent or {@code *}.
   * A weak tag ({@code W/"3"}) names the same version. Anything else is a 400.
   */
  public static OptionalLong expectedVersion(String ifMatch) {
    if (ifMatch == null || ifMatch.isBlank() || ifMatch.strip().equals("*")) {
      return OptionalLong.empty();
    }
    var tag = ifMatch.strip();
    if (tag.startsWith("W/")) {
      tag = tag.substring(2);
    }
    if (tag.length() < 3 || !tag.startsWith("\"") || !tag.endsWith("\"")) {
      throw new InvalidInputException(
          "If-Match",
          "expected one entity tag such as \"3\" (the ETag of the last read), got " + ifMatch);
    }
    try {
      var version = Long.parseLong(tag.substring(1, tag.length() - 1));
      if (version < 0) {
        throw new NumberFormatException("negative");
      }
      return OptionalLong.of(version);
    } catch (NumberFormatException e) {
      throw new InvalidInputException(
          "If-Match", "not an entity tag issued by this server: " + ifMatch);
    }
  }
}
