package io.reveille.journal.control;

import io.reveille.journal.control.BlockOverlaps.Slot;
import io.reveille.journal.control.DayPlanService.BlockUpsert;
import io.reveille.journal.entity.DayPlanBlock;
import io.reveille.platform.error.InvalidInputException;
import jakarta.persistence.EntityManager;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;

/**
 * The rules a change to a day plan's blocks must keep, checked over the plan's final state before
 * anything is applied: references that exist, no block listed twice, a length of at most a day, a
 * start on the plan's date in some time zone, and no overlaps.
 *
 * <p>Plain static code run inside the caller's transaction, so that {@link DayPlanService}'s write
 * and its dry run ({@link DayPlanService#checkBlockChanges}) refuse exactly the same changes. The
 * entity manager is the caller's; the only reads are the category and task lookups.
 */
final class BlockChangeRules {

  private BlockChangeRules() {}

  /** Validates a block change against the plan's {@code current} blocks and its final state. */
  static void validate(
      EntityManager em,
      LocalDate date,
      LinkedHashMap<String, DayPlanBlock> current,
      List<BlockUpsert> upserts,
      List<String> deleteIds) {
    var deletes = new HashSet<String>();
    for (int i = 0; i < deleteIds.size(); i++) {
      var id = deleteIds.get(i);
      var field = "deletes[" + i + "]";
      if (id == null || !current.containsKey(id)) {
        throw new InvalidInputException(field, "no block '" + id + "' on the plan of " + date);
      }
      if (!deletes.add(id)) {
        throw new InvalidInputException(field, "block '" + id + "' is listed twice");
      }
    }
    var finalSlots = new LinkedHashMap<String, Slot>();
    current.values().stream()
        .filter(b -> !deletes.contains(b.getId()))
        .forEach(b -> finalSlots.put(b.getId(), slot(b.getId(), b.getStartTime(), b.getEndTime())));
    var upserted = new HashSet<String>();
    for (int i = 0; i < upserts.size(); i++) {
      var upsert = upserts.get(i);
      var field = "upserts[" + i + "]";
      if (upsert.id().isPresent()) {
        var id = upsert.id().get();
        if (!current.containsKey(id)) {
          throw new InvalidInputException(
              field + ".id", "no block '" + id + "' on the plan of " + date);
        }
        if (deletes.contains(id)) {
          throw new InvalidInputException(field + ".id", "block '" + id + "' is also deleted");
        }
        if (!upserted.add(id)) {
          throw new InvalidInputException(field + ".id", "block '" + id + "' is listed twice");
        }
      }
      checkBlock(em, field, date, upsert);
      var key = upsert.id().orElse(field);
      finalSlots.put(key, slot(key, upsert.startTime(), upsert.endTime()));
    }
    if (finalSlots.size() > DayPlanService.MAX_BLOCKS) {
      throw new InvalidInputException(
          "upserts", "a day plan holds at most " + DayPlanService.MAX_BLOCKS + " blocks");
    }
    BlockOverlaps.require(finalSlots.values());
  }

  private static void checkBlock(
      EntityManager em, String field, LocalDate date, BlockUpsert upsert) {
    if (upsert.startTime() == null) {
      throw new InvalidInputException(field + ".startTime", "is required");
    }
    if (upsert.endTime() == null) {
      throw new InvalidInputException(field + ".endTime", "is required");
    }
    if (!upsert.endTime().isAfter(upsert.startTime())) {
      throw new InvalidInputException(
          field + ".endTime", "must be after startTime (" + upsert.startTime() + ")");
    }
    if (Duration.between(upsert.startTime(), upsert.endTime()).compareTo(DayPlanBlock.MAX_LENGTH)
        > 0) {
      throw new InvalidInputException(field + ".endTime", "a block lasts at most 24 hours");
    }
    if (!startsOn(date, upsert.startTime())) {
      throw new InvalidInputException(
          field + ".startTime",
          "must fall on " + date + " in some time zone, got " + upsert.startTime());
    }
    var category = JournalLookups.category(em, field + ".categoryId", upsert.categoryId());
    if (upsert.taskId().isPresent()) {
      var task = JournalLookups.task(em, field + ".taskId", upsert.taskId().get());
      if (task.getCategoryId() != null && !task.getCategoryId().equals(category.getId())) {
        throw new InvalidInputException(
            field + ".taskId",
            "task '"
                + task.getId()
                + "' is in category '"
                + task.getCategoryId()
                + "', not '"
                + category.getId()
                + "'");
      }
    }
    upsert
        .note()
        .filter(n -> n.isBlank() || n.length() > DayPlanBlock.MAX_NOTE_LENGTH)
        .ifPresent(
            n -> {
              throw new InvalidInputException(
                  field + ".note",
                  "must be 1 to " + DayPlanBlock.MAX_NOTE_LENGTH + " characters and not blank");
            });
  }

  /** Whether {@code instant} falls on {@code date} in some zone from UTC-12 to UTC+14. */
  static boolean startsOn(LocalDate date, Instant instant) {
    var earliest = date.atStartOfDay().toInstant(ZoneOffset.ofHours(14));
    var latest = date.plusDays(1).atStartOfDay().toInstant(ZoneOffset.ofHours(-12));
    return !instant.isBefore(earliest) && instant.isBefore(latest);
  }

  private static Slot slot(String label, Instant start, Instant end) {
    return new Slot(label, start, end);
  }
}
