package io.reveille.wake.control;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.entity.AgentKind;
import io.reveille.platform.error.ConflictException;
import io.reveille.platform.error.InvalidInputException;
import io.reveille.platform.persistence.Window;
import io.reveille.wake.entity.RunArtifact;
import io.reveille.wake.entity.RunJob;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import jakarta.persistence.PersistenceContext;
import jakarta.transaction.Transactional;
import java.time.Clock;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Jobs: runs started with an objective and a definition of done. Reads a run's job, tells whether
 * one of its stop conditions holds, and records what ended it — the condition and its final
 * artifact — once.
 */
@ApplicationScoped
public class Jobs {

  private static final Logger LOG = Logger.getLogger(Jobs.class.getName());

  /** The code of a job run whose workflow ended with none of its stop conditions holding. */
  public static final String UNFINISHED = "job_unfinished";

  @PersistenceContext(unitName = "reveille")
  EntityManager em;

  @Inject Clock clock;
  @Inject JobEvidence evidence;
  @Inject WakeScheduler scheduler;
  @Inject AgentService agents;

  /** A run's job as the workflow and the executor see it. */
  public record Job(String runKey, String agentId, String objective, JobSpec spec) {

    /**
     * What the model is told of its job: the objective, the constraints, what counts as done, the
     * artifacts expected and when to ask a person.
     */
    public String brief() {
      var text = new StringBuilder("## Your job\n").append(objective).append('\n');
      var constraints = spec.constraints();
      if (!constraints.allowedDomains().isEmpty()) {
        text.append("\nExternal tools may reach only: ")
            .append(String.join(", ", constraints.allowedDomains()))
            .append('.');
      }
      if (!constraints.forbiddenActions().isEmpty()) {
        text.append("\nYou may not call: ")
            .append(String.join(", ", constraints.forbiddenActions().stream().sorted().toList()))
            .append('.');
      }
      if (constraints.noDuplicateExternalActions()) {
        text.append("\nNever repeat an external action that already succeeded.");
      }
      if (!spec.stopConditions().isEmpty()) {
        text.append("\n\nThe job is done when any of these holds:");
        spec.stopConditions().forEach(c -> text.append("\n- ").append(c.describe()));
      }
      if (!spec.expectedArtifacts().isEmpty()) {
        text.append("\n\nExpected artifacts (write_artifact): ")
            .append(String.join(", ", spec.expectedArtifacts()))
            .append('.');
      }
      if (spec.escalation().onAmbiguity()) {
        text.append(
            "\n\nWhen the job is ambiguous, ask a person with ask_user instead of guessing.");
      }
      return text.toString();
    }

    /**
     * What the model is told when it ends its turn with none of the stop conditions holding: the
     * same words each time, so that a resumed run rebuilds the same conversation.
     */
    public String reminder() {
      var text =
          new StringBuilder(
              "The job is not done: none of its stop conditions holds yet. Go on until one does:");
      spec.stopConditions().forEach(c -> text.append("\n- ").append(c.describe()));
      return text.toString();
    }
  }

  /** Most runs whose answer {@link #of} keeps. */
  static final int KNOWN_RUNS = 4096;

  /**
   * Whether a run is a job, and its job, by run key: a run's job is written with the run and never
   * changes, so an answer holds for good (an empty one too). The run's workflow, its gate and each
   * of its tool calls ask; only the first asks the database.
   */
  private final Map<String, Optional<Job>> known =
      Collections.synchronizedMap(
          new LinkedHashMap<>(256, 0.75f, true) {
            private static final long serialVersionUID = 1L;

            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Optional<Job>> eldest) {
              return size() > KNOWN_RUNS;
            }
          });

  /** {@code runKey}'s job, if the run is one. */
  @Transactional
  public Optional<Job> of(String runKey) {
    var cached = known.get(runKey);
    if (cached != null) {
      return cached;
    }
    var found = Optional.ofNullable(em.find(RunJob.class, runKey)).map(Jobs::job);
    known.put(runKey, found);
    return found;
  }

  /** The job of a row. */
  public static Job job(RunJob row) {
    return new Job(
        row.getRunKey(), row.getAgentId(), row.getObjective(), JobSpec.fromJson(row.getSpec()));
  }

  /** The job row of {@code runKey}, if the run is a job. */
  @Transactional
  public Optional<RunJob> row(String runKey) {
    return Optional.ofNullable(em.find(RunJob.class, runKey));
  }

  /**
   * Starts a job: its run is queued at once, its row written with it. A request repeated with the
   * same idempotency key returns the run the first one made; one with the same key and another body
   * is refused.
   *
   * @throws ConflictException when the key was used for another request
   * @throws InvalidInputException naming {@code agentId} when the agent is not a custom agent
   */
  @Transactional
  public io.reveille.wake.entity.WakeRunLogEntry start(
      String agentId,
      String objective,
      JobSpec spec,
      String requestHash,
      Optional<String> idempotencyKey,
      Optional<io.reveille.security.control.Actor> actor) {
    var kind = agents.get(agentId).getKind();
    if (kind != AgentKind.CUSTOM) {
      throw new InvalidInputException(
          "agentId",
          "a job runs on a custom agent, whose workflow follows an objective; "
              + agentId
              + " is a "
              + kind.wire()
              + " agent");
    }
    var now = clock.instant();
    var entry =
        scheduler.scheduleJob(
            agentId,
            idempotencyKey,
            actor,
            runKey ->
                new RunJob(
                    runKey,
                    agentId,
                    objective,
                    spec.toJson(),
                    requestHash,
                    actor.map(a -> a.name()).orElse(null),
                    now));
    var row = em.find(RunJob.class, entry.getRunKey());
    if (row == null || !row.getRequestHash().equals(requestHash)) {
      throw new ConflictException(
          "Idempotency-Key "
              + idempotencyKey.orElse("")
              + " was used for another request; use a new key for a new job");
    }
    return entry;
  }

  /**
   * The first of the job's stop conditions that holds now, in words: an artifact that exists or a
   * tool result that matches. A budget condition holds only when the budget stops the run.
   */
  @Transactional
  public Optional<String> held(Job job) {
    for (var condition : job.spec().stopConditions()) {
      if (condition instanceof JobSpec.ArtifactExists artifact
          && em.find(RunArtifact.class, new RunArtifact.Key(job.runKey(), artifact.artifact()))
              != null) {
        return Optional.of(condition.describe());
      }
      if (condition instanceof JobSpec.ToolResultMatches result
          && evidence.toolSucceeded(
              job.runKey(), result.tool(), result.pointer(), result.equals())) {
        return Optional.of(condition.describe());
      }
    }
    return Optional.empty();
  }

  /**
   * Records what ended the job of {@code runKey} ({@code stoppedBy}) and its final artifact: the
   * artifact its held condition names, else the first expected one that exists, else the one
   * written last, else none. Once; in the transaction that completes the run.
   */
  @Transactional
  public void finish(String runKey, String stoppedBy) {
    var row = em.find(RunJob.class, runKey);
    if (row == null || row.getDoneAt().isPresent()) {
      return;
    }
    var job = job(row);
    var named =
        job.spec().stopConditions().stream()
            .filter(c -> c instanceof JobSpec.ArtifactExists && c.describe().equals(stoppedBy))
            .map(c -> ((JobSpec.ArtifactExists) c).artifact())
            .findFirst();
    var artifact =
        named
            .or(
                () ->
                    job.spec().expectedArtifacts().stream()
                        .filter(
                            name ->
                                em.find(RunArtifact.class, new RunArtifact.Key(job.runKey(), name))
                                    != null)
                        .findFirst())
            .or(() -> newest(job.runKey()));
    row.finish(stoppedBy, artifact, clock.instant());
    LOG.log(
        Level.FINE,
        "Job {0} done: {1}; final artifact {2}",
        new Object[] {job.runKey(), stoppedBy, artifact.orElse("(none)")});
  }

  private Optional<String> newest(String runKey) {
    List<String> names =
        em.createNamedQuery("RunArtifact.newestName", String.class)
            .setParameter("runKey", runKey)
            .setMaxResults(1)
            .getResultList();
    return names.stream().findFirst();
  }

  /** A page of the artifacts of a run, oldest first. */
  @Transactional(Transactional.TxType.SUPPORTS)
  public Window.Page<RunArtifact> artifacts(String runKey, Window window) {
    return window.read(
        em.createNamedQuery("RunArtifact.byRun", RunArtifact.class).setParameter("runKey", runKey));
  }

  /** One artifact of a run. */
  @Transactional
  public Optional<RunArtifact> artifact(String runKey, String name) {
    return Optional.ofNullable(em.find(RunArtifact.class, new RunArtifact.Key(runKey, name)));
  }

  /**
   * Writes the artifact {@code name} of {@code runKey}: a new one, or new content for the one of
   * that name. In the caller's transaction (a tool call's).
   *
   * @throws IllegalArgumentException when the name, media type or content is out of bounds
   */
  @Transactional
  public RunArtifact writeArtifact(
      String runKey,
      String agentId,
      String name,
      String mediaType,
      String content,
      String writtenBy) {
    var now = clock.instant();
    var existing = em.find(RunArtifact.class, new RunArtifact.Key(runKey, name));
    if (existing != null) {
      existing.write(mediaType, content, writtenBy, now);
      return existing;
    }
    var artifact = new RunArtifact(runKey, name, agentId, mediaType, content, writtenBy, now);
    em.persist(artifact);
    return artifact;
  }
}
