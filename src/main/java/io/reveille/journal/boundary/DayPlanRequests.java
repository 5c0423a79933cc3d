package io.reveille.journal.boundary;

import io.reveille.journal.control.DayPlanService.BlockUpsert;
import io.reveille.journal.control.DayPlanService.PinMode;
import io.reveille.platform.wire.WireEnum;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * The request bodies of a day plan's blocks and pins, read as {@link JournalRequests} describes:
 * field by field, unknown fields refused, all faults in one 400.
 */
public final class DayPlanRequests {

  private DayPlanRequests() {}

  /**
   * {@code POST /api/day-plans/{date}/blocks}: blocks created (no id) or changed (their id), and
   * blocks deleted, in one step.
   */
  public record BlocksRequest(List<BlockRequest> upserts, List<String> deletes) {

    static BlocksRequest read(JsonObject body) {
      var in = BodyReader.of(body, BlocksRequest.class);
      var upserts = new ArrayList<BlockRequest>();
      var objects = in.objects("upserts");
      for (int i = 0; i < objects.size(); i++) {
        var element = BodyReader.of(objects.get(i), BlockRequest.class, "upserts[" + i + "]");
        upserts.add(BlockRequest.read(element));
        in.addAll(element.violations());
      }
      var deletes = in.strings("deletes").orElse(List.of());
      if (in.valid() && upserts.isEmpty() && deletes.isEmpty()) {
        in.add("body", "nothing to change: give upserts or deletes");
      }
      in.done();
      return new BlocksRequest(List.copyOf(upserts), List.copyOf(deletes));
    }

    List<BlockUpsert> blockUpserts() {
      return upserts.stream().map(BlockRequest::blockUpsert).toList();
    }
  }

  /** One block of a {@link BlocksRequest}: with an id it changes that block. */
  public record BlockRequest(
      String id,
      @Schema(required = true) String categoryId,
      @Schema(required = true) Instant startTime,
      @Schema(required = true) Instant endTime,
      String taskId,
      String note) {

    static BlockRequest read(BodyReader in) {
      return new BlockRequest(
          in.string("id").orElse(null),
          in.required("categoryId", in.string("categoryId")),
          in.required("startTime", in.instant("startTime")),
          in.required("endTime", in.instant("endTime")),
          in.string("taskId").orElse(null),
          in.string("note").orElse(null));
    }

    BlockUpsert blockUpsert() {
      return new BlockUpsert(
          Optional.ofNullable(id),
          categoryId,
          startTime,
          endTime,
          Optional.ofNullable(taskId),
          Optional.ofNullable(note));
    }
  }

  /** {@code PUT /api/day-plans/{date}/pins}: tasks pinned to the day. */
  public record PinsRequest(
      @Schema(required = true) List<String> taskIds,
      @Schema(
              enumeration = {"add", "replace", "remove"},
              description = "default replace")
          String mode) {

    static PinsRequest read(JsonObject body) {
      var in = BodyReader.of(body, PinsRequest.class);
      if (!in.json().containsKey("taskIds")) {
        in.add("taskIds", "is required");
      }
      var taskIds = in.strings("taskIds").orElse(List.of());
      var mode = in.string("mode").orElse("replace");
      if (pinModeOf(mode).isEmpty()) {
        in.add("mode", "must be add, replace or remove, got '" + mode + "'");
      }
      in.done();
      return new PinsRequest(taskIds, mode);
    }

    PinMode pinMode() {
      return pinModeOf(mode).orElseThrow();
    }

    private static Optional<PinMode> pinModeOf(String value) {
      return WireEnum.find(PinMode.class, value);
    }
  }
}
