package io.reveille.memory.control;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Runs one compaction job: {@linkplain Compactions#take takes} it, summarises its span outside any
 * transaction ({@link Summariser}), {@linkplain Compactions#finish finishes} it. A summary that
 * could not be written (the database, another worker's commit of the same span) is recorded as a
 * failed attempt, tried again after its back-off.
 */
@ApplicationScoped
public class CompactionWorker {

  @Inject Compactions compactions;
  @Inject Summariser summariser;
  @Inject CompactionCandidates candidates;

  /** Runs the job if it is due; returns whether this call wrote its summary. */
  public boolean run(String jobId) {
    var taken = compactions.take(jobId);
    if (taken.isEmpty()) {
      return false;
    }
    var work = taken.get();
    try {
      var written = compactions.finish(work, summariser.summarise(work));
      if (written) {
        // The thread may hold its next span (or a fold) already: plan it next round.
        candidates.touched(work.agentId(), work.threadId());
      }
      return written;
    } catch (RuntimeException e) {
      if (!compactions.completed(jobId)) {
        compactions.failed(work, String.valueOf(e.getMessage()));
      }
      throw e;
    }
  }
}
