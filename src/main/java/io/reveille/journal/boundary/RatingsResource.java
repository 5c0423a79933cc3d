package io.reveille.journal.boundary;

import io.reveille.api.ETags;
import io.reveille.journal.control.RatingService;
import io.reveille.journal.control.RatingService.RatingFilter;
import io.reveille.journal.entity.RatingTarget;
import io.reveille.platform.error.InvalidInputException;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.validation.constraints.Size;
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

  private static final Set<String> FIELDS =
      Set.of("targetType", "targetId", "dimension", "value", "note", "categoryId");

  @Inject RatingService ratings;

  @Context UriInfo uriInfo;

  @POST
  @Operation(
      summary =
          "Rate a target {targetType: task|timeEntry|dayPlan, targetId, dimension, value: 1..5,"
              + " note, categoryId (dayPlan only)}")
  public Response rate(JsonObject body) {
    var json = JournalJson.object(body);
    JournalJson.onlyKnown(json, FIELDS);
    var result =
        ratings.createOrUpdateRating(
            targetType(JournalJson.string(json, "targetType").orElse(null)),
            JournalJson.string(json, "targetId").orElse(null),
            JournalJson.string(json, "dimension").orElse(null),
            PlanningJson.requiredInt(json, "value"),
            JournalJson.string(json, "note"),
            JournalJson.string(json, "categoryId"));
    var rating = result.rating();
    var response =
        result.created()
            ? Response.created(uriInfo.getAbsolutePathBuilder().path(rating.getId()).build())
            : Response.ok();
    return response.tag(ETags.of(rating.getVersion())).entity(PlanningJson.rating(rating)).build();
  }

  @GET
  @Operation(
      summary =
          "Ratings: of one target (targetType and targetId), or most recent first by category,"
              + " dimension and time given (from, to)")
  public List<JsonObject> list(
      @QueryParam("targetType") @Size(max = 16) String targetType,
      @QueryParam("targetId") @Size(max = 64) String targetId,
      @QueryParam("categoryId") List<String> categoryIds,
      @QueryParam("dimension") @Size(max = 64) String dimension,
      @QueryParam("from") @Size(max = 64) String from,
      @QueryParam("to") @Size(max = 64) String to) {
    var type = Optional.ofNullable(targetType).filter(v -> !v.isBlank());
    var target = Optional.ofNullable(targetId).filter(v -> !v.isBlank());
    if (type.isPresent() != target.isPresent()) {
      throw new InvalidInputException(
          type.isPresent() ? "targetId" : "targetType", "targetType and targetId go together");
    }
    var categories = categories(categoryIds);
    var dimensionFilter = Optional.ofNullable(dimension).filter(v -> !v.isBlank());
    var fromFilter = PlanningJson.instantParam("from", from);
    var toFilter = PlanningJson.instantParam("to", to);
    if (type.isPresent()) {
      return ratings.ratingsFor(targetType(type.get()), target.get()).stream()
          .filter(r -> categories.map(ids -> ids.contains(r.getCategoryId())).orElse(true))
          .filter(r -> dimensionFilter.map(d -> d.equals(r.getDimension())).orElse(true))
          .filter(r -> fromFilter.map(f -> !r.getUpdatedAt().isBefore(f)).orElse(true))
          .filter(r -> toFilter.map(t -> r.getUpdatedAt().isBefore(t)).orElse(true))
          .map(PlanningJson::rating)
          .toList();
    }
    return ratings
        .ratings(new RatingFilter(categories, dimensionFilter, fromFilter, toFilter))
        .stream()
        .map(PlanningJson::rating)
        .toList();
  }

  @GET
  @Path("summary")
  @Operation(
      summary = "Per dimension: count, average, min and max of the ratings given in [from, to)")
  public JsonObject summary(
      @QueryParam("categoryId") List<String> categoryIds,
      @QueryParam("from") @Size(max = 64) String from,
      @QueryParam("to") @Size(max = 64) String to) {
    var dimensions = Json.createArrayBuilder();
    ratings
        .ratingsSummary(
            categories(categoryIds),
            PlanningJson.instantParam("from", from),
            PlanningJson.instantParam("to", to))
        .forEach(s -> dimensions.add(PlanningJson.summary(s)));
    return Json.createObjectBuilder().add("dimensions", dimensions).build();
  }

  @GET
  @Path("{id}")
  @Operation(summary = "One rating")
  public Response get(@PathParam("id") String id) {
    var rating = ratings.rating(id);
    return Response.ok(PlanningJson.rating(rating)).tag(ETags.of(rating.getVersion())).build();
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
          "targetType", "is required: one of " + RatingTarget.wireNames());
    }
    return RatingTarget.fromWire(value)
        .orElseThrow(
            () ->
                new InvalidInputException(
                    "targetType",
                    "unknown target type '" + value + "'; one of " + RatingTarget.wireNames()));
  }
}
