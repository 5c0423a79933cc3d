package io.reveille.api;

import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.persistence.Window;
import io.reveille.platform.persistence.Window.Page;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.function.Function;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/**
 * The paging parameters of every list endpoint, taken with {@code @BeanParam}: {@code limit} (1 to
 * {@value Window#MAX_LIMIT}, default {@value Window#DEFAULT_LIMIT}) and {@code offset} (from 0).
 * The response body is the page's array; when more rows follow, a {@code Link} header with {@code
 * rel="next"} gives the next page's address.
 */
public class PageQuery {

  static final String LIMIT = "limit";
  static final String OFFSET = "offset";

  @QueryParam(LIMIT)
  @Parameter(
      description = "rows per page, 1 to " + Window.MAX_LIMIT + "; default " + Window.DEFAULT_LIMIT,
      schema = @Schema(type = SchemaType.INTEGER, minimum = "1", maximum = "500"))
  String limit;

  @QueryParam(OFFSET)
  @Parameter(
      description = "rows to skip, 0 to " + Window.MAX_OFFSET + "; default 0",
      schema = @Schema(type = SchemaType.INTEGER, minimum = "0", maximum = "1000000"))
  String offset;

  /** The window these parameters name; a bad one is a 400 on its parameter. */
  public Window window() {
    return new Window(
        number(OFFSET, offset).orElse(0), number(LIMIT, limit).orElse(Window.DEFAULT_LIMIT));
  }

  /**
   * A page as the response: the items, mapped, as the body; a {@code Link rel="next"} when more
   * rows follow, the request's address with the next window's {@code offset} and {@code limit}.
   */
  public static <E, R> Response ok(Page<E> page, Function<E, R> map, UriInfo uri) {
    var response = Response.ok(page.items().stream().map(map).toList());
    page.next()
        .ifPresent(
            next ->
                response.link(
                    uri.getRequestUriBuilder()
                        .replaceQueryParam(OFFSET, next.offset())
                        .replaceQueryParam(LIMIT, next.limit())
                        .build(),
                    "next"));
    return response.build();
  }

  private static java.util.Optional<Integer> number(String name, String text) {
    if (text == null || text.isBlank()) {
      return java.util.Optional.empty();
    }
    try {
      return java.util.Optional.of(Integer.parseInt(text.strip()));
    } catch (NumberFormatException e) {
      throw new InvalidInputException(
          name, "must be a whole number between 0 and " + Integer.MAX_VALUE);
    }
  }
}
