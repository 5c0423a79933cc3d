package io.reveille.workflow.control;

import io.reveille.agent.entity.Agent;
import io.reveille.agent.entity.AgentKind;
import io.reveille.alertness.control.TokenClassifier;
import io.reveille.alertness.entity.TokenClass;
import io.reveille.inference.control.ChatMessage;
import io.reveille.inference.control.InferenceUnavailableException;
import io.reveille.memory.control.MemoryService;
import io.reveille.memory.control.MemoryService.NewMessage;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.memory.entity.AgentMessageMetadata;
import io.reveille.tool.control.builtin.MemoryTools;
import io.reveille.wake.control.AgentWorkflow;
import io.reveille.wake.control.AgentWorkflow.Prepared;
import io.reveille.wake.control.JobUnfinishedException;
import io.reveille.wake.control.Jobs;
import io.reveille.wake.control.Jobs.Job;
import io.reveille.wake.control.RunBudgetExceededException;
import io.reveille.wake.control.WakeOutcome;
import io.reveille.wake.control.WakeOutcome.ReportDraft;
import io.reveille.wake.control.WakeRun;
import io.reveille.wake.entity.WakeReason;
import io.reveille.workflow.control.AgentConversation.Brief;
import io.reveille.workingstate.control.ModelDeltas;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.Optional;

/**
 * The workflow of the {@code custom} kind. With the deterministic engine it records, as a {@code
 * system} message in the run's thread, what woke the agent and which entities changed. With a
 * model, the agent's {@code config.instructions} are its system prompt and it may call every tool
 * its capability profile allows: on an autonomous wake it is told what woke it and its final answer
 * becomes its report; in a session it answers the conversation so far. An agent with a plan ({@code
 * config.plan}) follows it instead on every wake that is not a session, whatever its engine: its
 * calls, in order, each a step of the run, and a report of what they did.
 *
 * <p>A job ({@link Jobs}: an operator's run with an objective) tells the model its objective,
 * constraints and stop conditions, hides the tools it forbids, and reminds the model to go on while
 * no stop condition holds; a job whose workflow ends with none holding — a plan that ran out, the
 * deterministic engine — fails {@link Jobs#UNFINISHED}. A budget named as a stop condition ends the
 * job done instead of failing it.
 */
@ApplicationScoped
public class CustomAgentWorkflow implements AgentWorkflow {

  static final String DEFAULT_INSTRUCTIONS =
      "You are an assistant agent in Reveille, acting on a personal task journal through tools.";

  @Inject TokenClassifier classifier;
  @Inject WakeOpener opener;
  @Inject AgentConversation conversation;
  @Inject ModelDeltas modelDeltas;
  @Inject WakeMemory memory;
  @Inject WakeReads reads;
  @Inject Jobs jobs;

  @Override
  public AgentKind kind() {
    return AgentKind.CUSTOM;
  }

  /**
   * Self-contained with the deterministic engine: it only describes the wake (or, in a session,
   * what it remembers), and its message is written with the run's completion.
   */
  @Override
  public boolean isSelfContained(WakeRun run) {
    try {
      var agent = opener.agent(run);
      if (follows(agent, run) || jobOf(run).isPresent()) {
        return false;
      }
      return opener.engineFor(agent).isDeterministic();
    } catch (InferenceUnavailableException e) {
      // No engine to be had (an endpoint the agent needs is not configured): the run goes step by
      // step, where that failure is recorded.
      return false;
    }
  }

  /**
   * What a wake that follows the plan or thinks with a model reads before its first step, read in
   * begin's transaction: {@link #execute(WakeRun, Optional)} then needs no transaction for it.
   */
  @Override
  public Optional<Prepared> prepare(WakeRun run) {
    return start(run).map(Prepared.class::cast);
  }

  @Override
  public WakeOutcome execute(WakeRun run) {
    return execute(run, Optional.empty());
  }

  @Override
  public WakeOutcome execute(WakeRun run, Optional<Prepared> prepared) {
    var start =
        prepared.isPresent()
            ? prepared.map(Start.class::cast)
            : reads.inOneTransaction(() -> start(run));
    if (start.isPresent() && start.get().follows()) {
      return done(run, start.get().job(), follow(run, start.get()));
    }
    if (start.isPresent()) {
      return think(run, start.get());
    }
    var job = jobOf(run);
    if (job.isPresent()) {
      return done(run, job, WakeOutcome.messages(List.of(closing(run))));
    }
    if (run.reason() == WakeReason.USER_INITIATED) {
      var reply =
          describe(run)
              + "\n\n"
              + remembered(memory.recall(run.agentId(), run.threadId(), run.runKey()));
      return WakeOutcome.reply(run, reply);
    }
    // A closing message: appended with the run's completion, so a re-run does not repeat it.
    return WakeOutcome.messages(List.of(closing(run)));
  }

  private NewMessage closing(WakeRun run) {
    return new NewMessage(
        run.threadId(),
        AgentMessageKind.SYSTEM,
        Optional.of(run.runKey()),
        Optional.of(describe(run)),
        0,
        AgentMessageMetadata.empty());
  }

  /** {@code run}'s job: only an operator's run can be one. */
  private Optional<Job> jobOf(WakeRun run) {
    return run.reason() == WakeReason.MANUAL ? jobs.of(run.runKey()) : Optional.empty();
  }

  /**
   * A workflow that cannot go on ended: a job is done if a stop condition holds (or it has none),
   * and fails {@link Jobs#UNFINISHED} otherwise.
   */
  private WakeOutcome done(WakeRun run, Optional<Job> job, WakeOutcome outcome) {
    if (job.isEmpty()) {
      return outcome;
    }
    var held = heldBy(job.get());
    if (held.isEmpty()) {
      throw new JobUnfinishedException(
          "the run ended with none of the job's stop conditions holding: "
              + job.get().spec().stopConditions().stream()
                  .map(c -> c.describe())
                  .collect(java.util.stream.Collectors.joining("; ")));
    }
    return outcome.withJobStop(held.get());
  }

  /** What ends the job now: a stop condition that holds, or the turn's end when it has none. */
  private Optional<String> heldBy(Job job) {
    if (job.spec().stopConditions().isEmpty()) {
      return Optional.of("the agent ended its work (the job names no stop condition)");
    }
    return jobs.held(job);
  }

  /**
   * What a model-driven wake's first model call needs, read in one transaction: the agent and its
   * engine, the session so far or the report to rewrite, and what the run recorded before (its
   * steps and its meter). For a wake that follows the agent's plan, the agent and what the run
   * recorded. Empty with the deterministic engine, which reads what it needs itself.
   */
  private record Start(
      Agent agent,
      Engine engine,
      List<ChatMessage> turns,
      AgentConversation.History history,
      boolean follows,
      Optional<Job> job)
      implements Prepared {}

  /** Whether {@code agent} follows its plan on {@code run}: it has one, and this is no session. */
  private static boolean follows(Agent agent, WakeRun run) {
    return !agent.getConfig().getPlan().isEmpty() && run.reason() != WakeReason.USER_INITIATED;
  }

  private Optional<Start> start(WakeRun run) {
    var agent = opener.agent(run);
    if (follows(agent, run)) {
      return Optional.of(
          new Start(
              agent,
              Engine.deterministic(),
              List.of(),
              conversation.history(run),
              true,
              jobOf(run)));
    }
    var engine = opener.engineFor(agent);
    if (engine.isDeterministic()) {
      return Optional.empty();
    }
    List<ChatMessage> turns =
        run.reason() == WakeReason.USER_INITIATED
            ? memory.sessionHistory(run.agentId(), run.threadId(), run.runKey())
            : List.<ChatMessage>of(
                ChatMessage.user(
                    describe(run)
                        + "\n\n## Your current report\n"
                        + memory.report(run.agentId()).map(r -> r.getContent()).orElse("(none yet)")
                        + memory
                            .workingState(run.agentId(), run.threadId())
                            .map(state -> "\n\n## Your working state\n" + state)
                            .orElse("")));
    return Optional.of(
        new Start(agent, engine, turns, conversation.history(run), false, jobOf(run)));
  }

  /**
   * Follows the agent's plan ({@link AgentConversation#follow}); the report lists each call made
   * and its result, and where the plan stopped when a call failed.
   */
  private WakeOutcome follow(WakeRun run, Start start) {
    var plan = start.agent().getConfig().getPlan();
    var results = conversation.follow(run, plan, start.history());
    var report = new StringBuilder(describe(run)).append("\n\n## Plan\n");
    for (var i = 0; i < results.size(); i++) {
      var result = results.get(i);
      report
          .append('\n')
          .append(i + 1)
          .append(". `")
          .append(plan.calls().get(i).tool())
          .append('`');
      if (result.errorCode().isPresent()) {
        report
            .append(" failed: ")
            .append(result.errorCode().get().wire())
            .append(result.errorMessage().map(why -> " (" + why + ")").orElse(""));
      } else if (result.changedEntityIds().isEmpty()) {
        report.append(": done");
      } else {
        report.append(": changed ").append(String.join(", ", result.changedEntityIds()));
      }
    }
    if (results.size() < plan.size()) {
      report
          .append("\n\nStopped at step ")
          .append(results.size())
          .append(" of ")
          .append(plan.size())
          .append('.');
    }
    return WakeOutcome.report(
        new ReportDraft(
            MemoryService.DEFAULT_REPORT_SCOPE,
            report.toString(),
            Engine.deterministic()
                .provenance(run)
                .add("planSteps", plan.size())
                .add("toolCalls", results.size())
                .build()));
  }

  private WakeOutcome think(WakeRun run, Start start) {
    var engine = start.engine();
    var model = engine.model().orElseThrow();
    var instructions = start.agent().getConfig().getInstructions().orElse(DEFAULT_INSTRUCTIONS);
    var tools = conversation.toolsFor(start.agent(), run);
    if (run.reason() == WakeReason.USER_INITIATED) {
      conversation.talk(
          new Brief(
              run,
              model,
              instructions + "\n\nAnswer the user's last message; your final answer is your reply.",
              start.turns(),
              false,
              tools),
          start.history());
      writeStateDelta(run, start, model);
      return WakeOutcome.nothing();
    }
    var job = start.job();
    if (job.isPresent()) {
      return work(run, start, job.get(), model, instructions, tools);
    }
    var outcome =
        conversation.talk(
            new Brief(
                run,
                model,
                instructions
                    + "\n\nYour final answer is your new report for the user, in markdown.",
                start.turns(),
                true,
                tools),
            start.history());
    writeStateDelta(run, start, model);
    if (wroteReport(outcome)) {
      return WakeOutcome.nothing();
    }
    return WakeOutcome.report(
        new ReportDraft(
            MemoryService.DEFAULT_REPORT_SCOPE,
            outcome.report(),
            engine.provenance(run, outcome).build()));
  }

  /**
   * A job's talk: the job's brief in the system prompt, its forbidden tools hidden, and no end
   * until a stop condition holds ({@link AgentConversation.Goal}); a budget it names as a stop
   * condition ends it done.
   */
  private WakeOutcome work(
      WakeRun run,
      Start start,
      Job job,
      String model,
      String instructions,
      List<io.reveille.inference.control.ToolSpec> tools) {
    var allowed =
        tools.stream()
            .filter(t -> !job.spec().constraints().forbiddenActions().contains(t.name()))
            .toList();
    // What held when the goal was last asked: the talk ends right after, so it is what stopped it.
    var held = new java.util.concurrent.atomic.AtomicReference<Optional<String>>(Optional.empty());
    var goal =
        new AgentConversation.Goal() {
          @Override
          public boolean reached() {
            held.set(heldBy(job));
            return held.get().isPresent();
          }

          @Override
          public String reminder() {
            return job.reminder();
          }
        };
    String report;
    String stoppedBy;
    var engine = start.engine();
    AgentConversation.Outcome outcome = null;
    try {
      outcome =
          conversation.talk(
              new Brief(
                  run,
                  model,
                  instructions
                      + "\n\n"
                      + job.brief()
                      + "\n\nWhen the job is done, your final answer is your report of it for the"
                      + " user, in markdown.",
                  start.turns(),
                  true,
                  allowed,
                  Optional.of(goal)),
              start.history());
      report = outcome.report();
      stoppedBy = held.get().or(() -> heldBy(job)).orElseThrow();
    } catch (RunBudgetExceededException e) {
      var budget = e.budget().filter(b -> job.spec().stopsAt(b));
      if (budget.isEmpty()) {
        throw e;
      }
      stoppedBy = new io.reveille.wake.control.JobSpec.BudgetReached(budget.get()).describe();
      report =
          "The job stopped where its stop condition said: " + stoppedBy + ". " + e.getMessage();
    }
    if (outcome != null) {
      // A run its budget stopped asks the model nothing more: the deterministic delta follows.
      writeStateDelta(run, start, model);
    }
    var provenance = outcome == null ? engine.provenance(run) : engine.provenance(run, outcome);
    if (outcome != null && wroteReport(outcome)) {
      return WakeOutcome.nothing().withJobStop(stoppedBy);
    }
    return WakeOutcome.report(
            new ReportDraft(
                MemoryService.DEFAULT_REPORT_SCOPE,
                report,
                provenance.add("jobStoppedBy", stoppedBy).build()))
        .withJobStop(stoppedBy);
  }

  /**
   * The model writes the run's working-state delta when the agent asks for it ({@code
   * config.workingStateDelta: "model"}); otherwise, or when its delta is refused, the deterministic
   * summary is written as the run completes.
   */
  private void writeStateDelta(WakeRun run, Start start, String model) {
    if (start.agent().getConfig().writesWorkingStateWithModel()) {
      modelDeltas.write(model, run.agentId(), run.threadId(), run.runKey());
    }
  }

  /**
   * The deterministic engine's answer from memory: the lines of the conversation ({@link
   * WakeMemory#recall}) that match the user's message, or that none does.
   */
  public static String remembered(List<String> lines) {
    if (lines.isEmpty()) {
      return "No model is configured for me, and nothing I remember of our conversation matches"
          + " your message.";
    }
    var text =
        new StringBuilder(
            "No model is configured for me; this is what I remember of our conversation that"
                + " matches your message:");
    lines.forEach(line -> text.append("\n- ").append(line));
    return text.toString();
  }

  /**
   * Whether a call of the talk wrote the agent's report ({@link MemoryTools#REPORT_TOOLS}): then
   * its final answer does not replace that report.
   */
  static boolean wroteReport(AgentConversation.Outcome outcome) {
    return outcome.succeeded().stream().anyMatch(MemoryTools.REPORT_TOOLS::contains);
  }

  String describe(WakeRun run) {
    var entityIds =
        run.tokens().stream()
            .filter(token -> classifier.classOf(token) == TokenClass.ENTITY_ID)
            .toList();
    var text = new StringBuilder("Woken (").append(run.reason().wire()).append(')');
    if (run.firings().isPresent()) {
      var firings = run.firings().get();
      text.append(" by timer ").append(firings.timerId());
      return (firings.count() == 1
              ? text.append(" scheduled for ").append(firings.from()).append('.')
              : text.append(" catching up ")
                  .append(firings.count())
                  .append(" missed firings from ")
                  .append(firings.from())
                  .append(" to ")
                  .append(firings.until())
                  .append('.'))
          .toString();
    }
    if (run.tokens().isEmpty()) {
      return text.append(" with no trigger tokens.").toString();
    }
    text.append(" by tokens: ").append(String.join(", ", run.tokens())).append('.');
    text.append(
        entityIds.isEmpty()
            ? " No entity changed."
            : " Changed entities: " + String.join(", ", entityIds) + ".");
    return text.toString();
  }
}
