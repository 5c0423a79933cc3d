package io.reveille.api;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;

/** A request body that fails with {@link BodyTooLargeException} once it exceeds its limit. */
public final class LimitedInputStream extends FilterInputStream {

  private final long limit;
  private long read;

  public LimitedInputStream(InputStream in, long limit) {
    super(in);
    this.limit = limit;
  }

  @Override
  public int read() throws IOException {
    var b = super.read();
    if (b >= 0) {
      count(1);
    }
    return b;
  }

  @Override
  public int read(byte[] buffer, int offset, int length) throws IOException {
    var n = super.read(buffer, offset, length);
    if (n > 0) {
      count(n);
    }
    return n;
  }

  @Override
  public long skip(long n) throws IOException {
    var skipped = super.skip(n);
    count(skipped);
    return skipped;
  }

  private void count(long n) throws BodyTooLargeException {
    read += n;
    if (read > limit) {
      throw new BodyTooLargeException(limit);
    }
  }
}
