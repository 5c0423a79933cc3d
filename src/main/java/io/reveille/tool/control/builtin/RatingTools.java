package io.reveille.tool.control.builtin;

import static io.reveille.tool.entity.Capability.RATING_READ;
import static io.reveille.tool.entity.Capability.RATING_WRITE;
import static io.reveille.tool.entity.ScopeRule.READS_FILTERED_BY_SCOPE;
import static io.reveille.tool.entity.ScopeRule.TARGET_IN_SCOPE;

import io.reveille.journal.control.JournalService;
import io.reveille.journal.control.RatingService;
import io.reveille.journal.control.TimeEntryService;
import io.reveille.journal.entity.Rating;
import io.reveille.journal.entity.RatingTarget;
import io.reveille.journal.entity.Task;
import io.reveille.journal.entity.TimeEntry;
import io.reveille.notification.control.SemanticKey;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.platform.wire.WireEnum;
import io.reveille.tool.control.ToolArguments;
import io.reveille.tool.control.ToolDefinition;
import io.reveille.tool.control.ToolFailure;
import io.reveille.tool.control.ToolInvocation;
import io.reveille.tool.control.ToolJson;
import io.reveille.tool.control.ToolOutcome;
import io.reveille.tool.control.ToolSet;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.Optional;

/**
 * The rating tools (seed 000 §4.3): summaries and a target's ratings, limited to the agent's
 * categories, and rating a target in scope. A rating's category is its target's (a task's or time
 * entry's) or, for a day plan, which has none, the one the caller names. Reads of a target outside
 * the scope return nothing rather than an error, so they tell the agent nothing about it.
 */
@ApplicationScoped
public class RatingTools implements ToolSet {

  @Inject RatingService ratings;

  @Inject JournalService journal;
  @Inject TimeEntryService timeEntries;

  @Override
  public List<ToolDefinition> tools() {
    return List.of(
        ToolDefinition.reading("get_ratings_summary")
            .requires(RATING_READ)
            .scope(READS_FILTERED_BY_SCOPE)
            .handledBy(this::ratingsSummary),
        ToolDefinition.reading("get_rating_for_target")
            .requires(RATING_READ)
            .scope(READS_FILTERED_BY_SCOPE)
            .handledBy(this::ratingsForTarget),
        ToolDefinition.writing("create_or_update_rating")
            .requires(RATING_WRITE)
            .scope(TARGET_IN_SCOPE)
            .handledBy(this::createOrUpdateRating));
  }

  ToolOutcome ratingsSummary(ToolInvocation call) {
    var args = call.arguments();
    var dimension = args.optionalString("dimension");
    var summaries = JsonDocuments.provider().createArrayBuilder();
    ratings
        .ratingsSummary(
            Optional.of(call.scope().allowed()),
            args.optionalInstant("from"),
            args.optionalInstant("to"))
        .stream()
        .filter(summary -> dimension.map(summary.dimension()::equals).orElse(true))
        .forEach(
            summary ->
                summaries.add(
                    JsonDocuments.provider()
                        .createObjectBuilder()
                        .add("dimension", summary.dimension())
                        .add("count", summary.count())
                        .add("average", summary.average())
                        .add("min", summary.min())
                        .add("max", summary.max())));
    return ToolOutcome.read(
        JsonDocuments.provider().createObjectBuilder().add("summaries", summaries).build());
  }

  /**
   * The target's ratings in scope. A task or time entry out of scope (or unknown) has none to show;
   * a day plan's ratings are shown for the agent's categories only.
   */
  ToolOutcome ratingsForTarget(ToolInvocation call) {
    var args = call.arguments();
    var type = targetType(args);
    var targetId = args.string("targetId");
    var visible =
        type == RatingTarget.DAY_PLAN
            || targetCategory(type, targetId).filter(call.scope()::allows).isPresent();
    var list =
        visible
            ? ratings.ratingsFor(type, targetId).stream()
                .filter(rating -> call.scope().allows(rating.getCategoryId()))
                .toList()
            : List.<Rating>of();
    return ToolOutcome.read(
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("ratings", ToolJson.array(list, RatingTools::rating))
            .build());
  }

  ToolOutcome createOrUpdateRating(ToolInvocation call) {
    var args = call.arguments();
    var type = targetType(args);
    var targetId = args.string("targetId");
    var categoryId = args.optionalString("categoryId");
    if (type != RatingTarget.DAY_PLAN && categoryId.isPresent()) {
      throw ToolFailure.invalid("categoryId", "is only given to rate a dayPlan");
    }
    if (type == RatingTarget.DAY_PLAN) {
      var planCategory =
          categoryId.orElseThrow(
              () -> ToolFailure.invalid("categoryId", "is required to rate a dayPlan"));
      call.scope().requireCategory(planCategory, "categoryId");
      // A day plan is of no task: a task agent, which writes only its task's, may not rate one.
      call.scope().requireTask(planCategory, null, type.wire(), targetId);
    } else {
      var category =
          targetCategory(type, targetId)
              .orElseThrow(
                  () -> ToolFailure.invalid("targetId", "no " + type.wire() + " " + targetId));
      call.scope().requireTask(category, taskOf(type, targetId), type.wire(), targetId);
    }
    var dimension = args.string("dimension");
    var existing =
        ratings.ratingsFor(type, targetId).stream()
            .filter(rating -> rating.getDimension().equals(dimension))
            .findFirst();
    // One rating per target and dimension: one given in another category (a day plan's, or a
    // task's before it moved) is not the agent's to change, nor to learn the category of.
    if (existing.isPresent() && !call.scope().allows(existing.get().getCategoryId())) {
      throw ToolFailure.outOfScope(
          "the "
              + dimension
              + " rating of this target is outside the categories this agent may use");
    }
    var versionBefore = existing.map(Rating::getVersion);
    var result =
        ratings.createOrUpdateRating(
            type,
            targetId,
            dimension,
            args.integer("value"),
            args.optionalString("note"),
            categoryId,
            call.origin());
    var rating = result.rating();
    var changed = versionBefore.map(v -> v != rating.getVersion()).orElse(true);
    var outcome =
        ToolOutcome.of(
            JsonDocuments.provider()
                .createObjectBuilder()
                .add("rating", rating(rating))
                .add("created", result.created())
                .add("changed", changed)
                .build());
    if (changed) {
      outcome.changed(SemanticKey.RATING, rating.getId());
    }
    return outcome.build();
  }

  /** The category of a task or time entry, empty when it does not exist or has none. */
  private Optional<String> targetCategory(RatingTarget type, String targetId) {
    return switch (type) {
      case TASK -> journal.findTask(targetId).map(Task::getCategoryId);
      case TIME_ENTRY -> timeEntries.findTimeEntry(targetId).map(TimeEntry::getCategoryId);
      case DAY_PLAN -> Optional.empty();
    };
  }

  /** The task the rated target is (or belongs to); null for a day plan or a free time entry. */
  private String taskOf(RatingTarget type, String targetId) {
    return switch (type) {
      case TASK -> targetId;
      case TIME_ENTRY -> timeEntries.findTimeEntry(targetId).map(TimeEntry::getTaskId).orElse(null);
      case DAY_PLAN -> null;
    };
  }

  private static RatingTarget targetType(ToolArguments args) {
    var wire = args.string("targetType");
    return WireEnum.find(RatingTarget.class, wire)
        .orElseThrow(
            () ->
                ToolFailure.invalid(
                    "targetType", "must be one of " + WireEnum.names(RatingTarget.class)));
  }

  static JsonObject rating(Rating rating) {
    var json =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("id", rating.getId())
            .add("version", rating.getVersion())
            .add("targetType", rating.getTargetType().wire())
            .add("targetId", rating.getTargetId())
            .add("dimension", rating.getDimension())
            .add("value", rating.getValue())
            .add("categoryId", rating.getCategoryId())
            .add("updatedAt", rating.getUpdatedAt().toString());
    ToolJson.nullable(json, "note", rating.getNote());
    return json.build();
  }
}
