package io.reveille.sync.boundary;

import io.reveille.security.boundary.Allowed;
import io.reveille.security.control.Role;
import io.reveille.sync.control.SyncStatus;
import jakarta.enterprise.context.RequestScoped;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Instant;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * Multi-site sync for operators: this site's host id, how far its own records are numbered and
 * sent, and for every peer origin how far its records are applied, the gaps between and why an
 * origin is stopped.
 */
@Path("sync")
@RequestScoped
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "Sync")
public class SyncResource {

  @Inject SyncStatus status;

  /** This site's own records; null fields when the site does not sync. */
  public record OwnRecords(long numberedThrough, long sentThrough, long unnumbered) {}

  /** A range of counters not received. */
  public record Gap(long from, long to) {}

  /**
   * A missing range being filled: {@code noticed} (not asked for yet), {@code requested} (asked of
   * its origin {@code requests} times, last at {@code requestedAt}).
   */
  public record Backfill(
      long from, long to, String status, Instant noticedAt, Instant requestedAt, int requests) {}

  /** One peer origin's records here. */
  public record PeerOrigin(
      String hostId,
      long appliedThrough,
      long highestSeen,
      long behind,
      List<Gap> gaps,
      List<Backfill> backfills,
      String blockedReason,
      Instant updatedAt) {}

  /** The status document. */
  public record Status(boolean enabled, String hostId, OwnRecords own, List<PeerOrigin> peers) {}

  @Allowed(Role.VIEWER)
  @GET
  @Path("status")
  @Operation(
      summary =
          "Where this site's sync stands: its own records, and every peer's: applied, missing,"
              + " being filled")
  public Status status() {
    var report = status.report();
    return new Status(
        report.hostId().isPresent(),
        report.hostId().orElse(null),
        report
            .own()
            .map(o -> new OwnRecords(o.numberedThrough(), o.sentThrough(), o.unnumbered()))
            .orElse(null),
        report.peers().stream()
            .map(
                p ->
                    new PeerOrigin(
                        p.host(),
                        p.appliedThrough(),
                        p.highestSeen(),
                        p.behind(),
                        p.gaps().stream().map(g -> new Gap(g.from(), g.to())).toList(),
                        p.backfills().stream()
                            .map(
                                b ->
                                    new Backfill(
                                        b.from(),
                                        b.to(),
                                        b.status(),
                                        b.noticedAt(),
                                        b.requestedAt().orElse(null),
                                        b.requests()))
                            .toList(),
                        p.blockedReason().orElse(null),
                        p.updatedAt()))
            .toList());
  }
}
