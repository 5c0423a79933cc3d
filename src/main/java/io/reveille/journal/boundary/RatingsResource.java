package io.reveille.journal.boundary;

import io.reveille.api.ETags;
import io.reveille.api.PageQuery;
import io.reveille.journal.boundary.JournalRequests.RatingRequest;
import io.reveille.journal.boundary.JournalResponses.DimensionSummaryResponse;
import io.reveille.journal.boundary.JournalResponses.RatingResponse;
import io.reveille.journal.boundary.JournalResponses.RatingSummaryResponse;
import io.reveille.journal.control.ChangeOrigin;
import io.reveille.journal.control.RatingService;
import io.reveille.journal.control.RatingService.RatingFilter;
import io.reveille.journal.entity.RatingTarget;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.wire.WireEnum;
import io.reveille.security.boundary.Allowed;
import io.reveille.security.control.Role;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import jakarta.validation.constraints.Size;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.SchemaType;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.RequestBody;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Ratings over HTTP. {@code POST} creates a rating (201) or rates again in place (200): there is
 * one rating per target and dimension.
 */
@Path("ratings")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Consumes(MediaType.APPLICATION_JSON)
@Tag(name = "Journal")
public class RatingsResource {

  @Inject RatingService ratings;

  @Context UriInfo uriInfo;

  @Allowed(Role.OPERATOR)
  @POST
  @Operation(summary = "Rate a target on a dimension, or rate it again")
  @RequestBody(content = @Content(schema = @Schema(implementation = RatingRequest.class)))
  @APIResponse(
      responseCode = "201",
      description = "The rating, new",
      content = @Content(schema = @Schema(implementation = RatingResponse.class)))
  @APIResponse(
      responseCode = "200",
      description = "The rating, changed in place",
      content = @Content(schema = @Schema(implementation = RatingResponse.class)))
  public Response rate(JsonObject body) {
    var request = RatingRequest.read(body);
    var result =
        ratings.createOrUpdateRating(
            targetType(request.targetType()),
            request.targetId(),
            request.dimension(),
            request.value(),
            Optional.ofNullable(request.note()),
            Optional.ofNullable(request.categoryId()),
            ChangeOrigin.NONE);
    var rating = result.rating();
    var response =
        result.created()
            ? Response.created(uriInfo.getAbsolutePathBuilder().path(rating.getId()).build())
            : Response.ok();
    return response.tag(ETags.of(rating.getVersion())).entity(RatingResponse.of(rating)).build();
  }

  @Allowed(Role.VIEWER)
  @GET
  @Operation(
      summary =
          "A page of the ratings: of one target (targetType and targetId), or most recent first by"
              + " category, dimension and time given (from, to)")
  @APIResponse(
      responseCode = "200",
      description = "The page; a Link rel=next header when more follow",
      content =
          @Content(
              schema = @Schema(type = SchemaType.ARRAY, implementation = RatingResponse.class)))
  public Response list(
      @QueryParam("targetType") @Size(max = 16) String targetType,
      @QueryParam("targetId") @Size(max = 64) String targetId,
      @QueryParam("categoryId") @Size(max = 100) List<@Size(max = 64) String> categoryIds,
      @QueryParam("dimension") @Size(max = 64) String dimension,
      @QueryParam("from") @Size(max = 64) String from,
      @QueryParam("to") @Size(max = 64) String to,
      @BeanParam PageQuery page) {
    var type = Optional.ofNullable(targetType).filter(v -> !v.isBlank());
    var target = Optional.ofNullable(targetId).filter(v -> !v.isBlank());
    if (type.isPresent() != target.isPresent()) {
      throw new InvalidInputException(
          type.isPresent() ? "targetId" : "targetType", "targetType and targetId go together");
    }
    var categories = categories(categoryIds);
    var dimensionFilter = Optional.ofNullable(dimension).filter(v -> !v.isBlank());
    var fromFilter = JournalJson.instantParam("from", from);
    var toFilter = JournalJson.instantParam("to", to);
    var window = page.window();
    if (type.isPresent()) {
      // One target has one rating per dimension: a short list, filtered and paged here.
      var ofTarget =
          ratings.ratingsFor(targetType(type.get()), target.get()).stream()
              .filter(r -> categories.map(ids -> ids.contains(r.getCategoryId())).orElse(true))
              .filter(r -> dimensionFilter.map(d -> d.equals(r.getDimension())).orElse(true))
              .filter(r -> fromFilter.map(f -> !r.getUpdatedAt().isBefore(f)).orElse(true))
              .filter(r -> toFilter.map(t -> r.getUpdatedAt().isBefore(t)).orElse(true))
              .toList();
      return PageQuery.ok(window.of(ofTarget), RatingResponse::of, uriInfo);
    }
    return PageQuery.ok(
        ratings.ratings(
            new RatingFilter(categories, dimensionFilter, fromFilter, toFilter), window),
        RatingResponse::of,
        uriInfo);
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("summary")
  @Operation(
      summary = "Per dimension: count, average, min and max of the ratings given in [from, to)")
  public RatingSummaryResponse summary(
      @QueryParam("categoryId") @Size(max = 100) List<@Size(max = 64) String> categoryIds,
      @QueryParam("from") @Size(max = 64) String from,
      @QueryParam("to") @Size(max = 64) String to) {
    return new RatingSummaryResponse(
        ratings
            .ratingsSummary(
                categories(categoryIds),
                JournalJson.instantParam("from", from),
                JournalJson.instantParam("to", to))
            .stream()
            .map(DimensionSummaryResponse::of)
            .toList());
  }

  @Allowed(Role.VIEWER)
  @GET
  @Path("{id}")
  @Operation(summary = "One rating")
  @APIResponse(
      responseCode = "200",
      description = "The rating",
      content = @Content(schema = @Schema(implementation = RatingResponse.class)))
  public Response get(@PathParam("id") String id) {
    var rating = ratings.rating(id);
    return Response.ok(RatingResponse.of(rating)).tag(ETags.of(rating.getVersion())).build();
  }

  private static Optional<Set<String>> categories(List<String> categoryIds) {
    return Optional.ofNullable(categoryIds)
        .map(ids -> ids.stream().filter(id -> !id.isBlank()).toList())
        .filter(ids -> !ids.isEmpty())
        .map(Set::copyOf);
  }

  private static RatingTarget targetType(String value) {
    if (value == null) {
      throw new InvalidInputException(
          "targetType", "is required: one of " + WireEnum.names(RatingTarget.class));
    }
    return WireEnum.find(RatingTarget.class, value)
        .orElseThrow(
            () ->
                new InvalidInputException(
                    "targetType",
                    "unknown target type '"
                        + value
                        + "'; one of "
                        + WireEnum.names(RatingTarget.class)));
  }
}
