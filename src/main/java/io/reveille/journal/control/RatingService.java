package io.reveille.journal.control;

import io.reveille.journal.entity.DayPlan;
import io.reveille.journal.entity.Rating;
import io.reveille.journal.entity.RatingTarget;
import io.reveille.journal.entity.TimeEntry;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.error.NotFoundException;
import io.reveille.platform.persistence.Window;
import io.reveille.platform.persistence.Window.Page;
import io.reveille.platform.wire.WireEnum;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.persistence.Tuple;
import jakarta.persistence.criteria.Predicate;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;

/**
 * Ratings of tasks, time entries and day plans: one per target and dimension, rated again in place.
 *
 * <p>Same contract as {@link JournalService}: one transaction per public method, one notification
 * batch per change and none when a rating is given again unchanged, an overload with a {@link
 * ChangeOrigin} for agents' tool calls. Time filters and the summary use the time a rating was last
 * given ({@code updatedAt}).
 */
@ApplicationScoped
@Transactional
public class RatingService {

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject Clock clock;

  @Inject JournalNotifications notifications;

  /** The rating and whether this call created it (rather than rated again). */
  public record RatingResult(Rating rating, boolean created) {}

  /** Filters of {@link #ratings}; a present but empty category set selects none. */
  public record RatingFilter(
      Optional<Set<String>> categoryIds,
      Optional<String> dimension,
      Optional<Instant> from,
      Optional<Instant> to) {
    public static final RatingFilter ALL =
        new RatingFilter(Optional.empty(), Optional.empty(), Optional.empty(), Optional.empty());
  }

  /** One dimension of {@link #ratingsSummary}. */
  public record DimensionSummary(String dimension, long count, double average, int min, int max) {}

  /**
   * Rates {@code targetId} on {@code dimension}. The rating's category is the target's: a task's
   * (which must have one) or a time entry's; a day plan has none, so {@code categoryId} is required
   * for it and must otherwise be absent or name the target's category. A note, when given, replaces
   * the old one; without one a rating keeps it.
   *
   * @throws InvalidInputException naming the field: unknown target, bad dimension or value, a
   *     category that does not fit
   */
  public RatingResult createOrUpdateRating(
      RatingTarget targetType,
      String targetId,
      String dimension,
      int value,
      Optional<String> note,
      Optional<String> categoryId,
      ChangeOrigin origin) {
    if (targetType == null) {
      throw new InvalidInputException(
          "targetType", "is required: one of " + WireEnum.names(RatingTarget.class));
    }
    if (targetId == null || targetId.isBlank()) {
      throw new InvalidInputException("targetId", "is required");
    }
    Rating.checkedDimension(dimension);
    var category = categoryOf(targetType, targetId, categoryId);
    var now = clock.instant();
    var existing =
        em
            .createNamedQuery("Rating.byTargetAndDimension", Rating.class)
            .setParameter("targetType", targetType.wire())
            .setParameter("targetId", targetId)
            .setParameter("dimension", dimension)
            .getResultList()
            .stream()
            .findFirst();
    if (existing.isPresent()) {
      var rating = existing.get();
      if (!rating.getCategoryId().equals(category)) {
        throw new InvalidInputException(
            "categoryId",
            "this rating is in category '" + rating.getCategoryId() + "'; it cannot move");
      }
      if (rating.rate(value, note.orElse(null), now)) {
        em.flush();
        notifications.ratingChanged(rating, origin);
      }
      return new RatingResult(rating, false);
    }
    var rating =
        new Rating(
            UUID.randomUUID().toString(),
            targetType,
            targetId,
            dimension,
            value,
            note.orElse(null),
            category,
            now);
    em.persist(rating);
    em.flush();
    notifications.ratingChanged(rating, origin);
    return new RatingResult(rating, true);
  }

  public Rating rating(String ratingId) {
    return Optional.ofNullable(ratingId)
        .map(id -> em.find(Rating.class, id))
        .orElseThrow(() -> new NotFoundException("rating", ratingId));
  }

  /** The target's ratings by dimension. */
  public List<Rating> ratingsFor(RatingTarget targetType, String targetId) {
    return em.createNamedQuery("Rating.byTarget", Rating.class)
        .setParameter("targetType", targetType.wire())
        .setParameter("targetId", targetId)
        .getResultList();
  }

  /** A page of the ratings, most recently given first, given in {@code [from, to)}. */
  public Page<Rating> ratings(RatingFilter filter, Window window) {
    if (filter.categoryIds().filter(Set::isEmpty).isPresent()) {
      return window.of(List.of());
    }
    var cb = em.getCriteriaBuilder();
    var query = cb.createQuery(Rating.class);
    var rating = query.from(Rating.class);
    query
        .where(where(cb, rating, filter))
        .orderBy(cb.desc(rating.get("updatedAt")), cb.asc(rating.get("id")));
    return window.read(em.createQuery(query));
  }

  /** Per dimension (by name): how many ratings, their average, minimum and maximum. */
  public List<DimensionSummary> ratingsSummary(
      Optional<Set<String>> categoryIds, Optional<Instant> from, Optional<Instant> to) {
    if (categoryIds.filter(Set::isEmpty).isPresent()) {
      return List.of();
    }
    var cb = em.getCriteriaBuilder();
    var query = cb.createTupleQuery();
    var rating = query.from(Rating.class);
    var dimension = rating.<String>get("dimension");
    var value = rating.<Integer>get("value");
    query
        .multiselect(
            dimension,
            cb.count(rating).alias("count"),
            cb.sumAsLong(value).alias("sum"),
            cb.min(value).alias("min"),
            cb.max(value).alias("max"))
        .where(where(cb, rating, new RatingFilter(categoryIds, Optional.empty(), from, to)))
        .groupBy(dimension)
        .orderBy(cb.asc(dimension));
    return em.createQuery(query).getResultList().stream().map(RatingService::summary).toList();
  }

  private static DimensionSummary summary(Tuple row) {
    // The average from the sum: Derby's AVG of an INTEGER column is an INTEGER (truncated).
    var count = ((Number) row.get(1)).longValue();
    var sum = ((Number) row.get(2)).longValue();
    return new DimensionSummary(
        row.get(0, String.class),
        count,
        count == 0 ? 0 : (double) sum / count,
        ((Number) row.get(3)).intValue(),
        ((Number) row.get(4)).intValue());
  }

  private static Predicate[] where(
      jakarta.persistence.criteria.CriteriaBuilder cb,
      jakarta.persistence.criteria.Root<Rating> rating,
      RatingFilter filter) {
    var where = new ArrayList<Predicate>();
    filter.categoryIds().ifPresent(ids -> where.add(rating.get("categoryId").in(ids)));
    filter.dimension().ifPresent(d -> where.add(cb.equal(rating.get("dimension"), d)));
    filter
        .from()
        .ifPresent(
            from -> where.add(cb.greaterThanOrEqualTo(rating.<Instant>get("updatedAt"), from)));
    filter.to().ifPresent(to -> where.add(cb.lessThan(rating.<Instant>get("updatedAt"), to)));
    return where.toArray(Predicate[]::new);
  }

  private String categoryOf(RatingTarget targetType, String targetId, Optional<String> categoryId) {
    var targetCategory =
        switch (targetType) {
          case TASK -> {
            var task = JournalLookups.task(em, "targetId", targetId);
            if (task.getCategoryId() == null) {
              throw new InvalidInputException(
                  "targetId",
                  "task " + targetId + " has no category; file it under one to rate it");
            }
            yield Optional.of(task.getCategoryId());
          }
          case TIME_ENTRY ->
              Optional.ofNullable(em.find(TimeEntry.class, targetId))
                  .map(TimeEntry::getCategoryId)
                  .or(
                      () -> {
                        throw new InvalidInputException(
                            "targetId", "no time entry '" + targetId + "'");
                      });
          case DAY_PLAN -> {
            if (em.find(DayPlan.class, targetId) == null) {
              throw new InvalidInputException("targetId", "no day plan '" + targetId + "'");
            }
            yield Optional.<String>empty();
          }
        };
    if (targetCategory.isPresent()) {
      categoryId
          .filter(id -> !id.equals(targetCategory.get()))
          .ifPresent(
              id -> {
                throw new InvalidInputException(
                    "categoryId",
                    "a "
                        + targetType.wire()
                        + " rating takes its target's category '"
                        + targetCategory.get()
                        + "'; omit categoryId or give that one");
              });
      return targetCategory.get();
    }
    var id =
        categoryId.orElseThrow(
            () ->
                new InvalidInputException(
                    "categoryId", "is required to rate a day plan (a plan has no category)"));
    return JournalLookups.category(em, "categoryId", id).getId();
  }
}
