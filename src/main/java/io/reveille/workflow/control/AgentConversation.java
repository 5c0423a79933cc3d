package io.reveille.workflow.control;

import io.reveille.agent.entity.Agent;
import io.reveille.agent.entity.AgentPlan;
import io.reveille.inference.control.ChatMessage;
import io.reveille.inference.control.ChatRequest;
import io.reveille.inference.control.ChatResult;
import io.reveille.inference.control.InferenceGateway;
import io.reveille.inference.control.ToolCallRequest;
import io.reveille.inference.control.ToolSpec;
import io.reveille.inference.control.Usage;
import io.reveille.memory.control.MemoryService;
import io.reveille.memory.control.MemoryService.NewMessage;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.memory.entity.AgentMessageMetadata;
import io.reveille.observability.control.Metrics;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.tool.control.CapabilityProfiles;
import io.reveille.tool.control.OperationIds;
import io.reveille.tool.control.ToolExecutor;
import io.reveille.tool.control.ToolExecutor.ToolRequest;
import io.reveille.tool.control.ToolRegistry;
import io.reveille.tool.control.ToolResult;
import io.reveille.tool.control.ToolSpecs;
import io.reveille.wake.control.Checkpoint;
import io.reveille.wake.control.RunBudgetExceededException;
import io.reveille.wake.control.RunCancelledException;
import io.reveille.wake.control.RunJournal;
import io.reveille.wake.control.RunMeter;
import io.reveille.wake.control.RunMeters;
import io.reveille.wake.control.RunWaitingException;
import io.reveille.wake.control.WakeRun;
import io.reveille.wake.entity.RunStep;
import io.reveille.wake.entity.StepStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The multi-turn tool loop of one wake with a model (seed 003 §4.3 "Within a single wake").
 *
 * <p>The conversation lives in memory for this wake only: prior wakes' turns are never replayed to
 * the model (they are audit trail; the report and the observations carry forward). Every turn is
 * persisted as it happens, in one transaction once the model has answered — the prompt as a {@code
 * user} message, each answer as an {@code assistant} message with the tool calls it asked for, each
 * tool call as the executor's {@code action}/{@code toolResult} pair — so a crash loses at most the
 * turn in flight, whose calls' effects roll back with it. Tool calls go through the {@link
 * ToolExecutor} (capabilities, wake reason, schema, category scope, ledger) with operation ids
 * derived from the run key and the call's ordinal in the run: a re-run of the wake that makes the
 * same calls replays their receipts instead of acting twice. The usage of every model call is added
 * to the run's log entry as it happens, and the run's budgets are checked at every step boundary.
 *
 * <p>Each model turn is a step of the run ({@link RunJournal}): the model's answer is recorded as
 * the step's decision, with its {@code assistant} message, in the transaction that carries out its
 * tool calls (committed first when a call must run in transactions of its own), and the step ends
 * with a checkpoint (the next call ordinal, what it changed, its last mutating call). A resumed run
 * — after a crash, a wait for a person, a retry — carries out the recorded answers again instead of
 * asking the model, so it makes the same calls under the same operation ids and gets their
 * receipts; the model is asked only from the first step that has no answer. A tool result whose
 * code parks the run (awaiting approval, in doubt) stops the run as {@code waiting}.
 */
@ApplicationScoped
public class AgentConversation {

  private static final Logger LOG = Logger.getLogger(AgentConversation.class.getName());

  @Inject InferenceGateway provider;
  @Inject ToolRegistry registry;
  @Inject CapabilityProfiles profiles;
  @Inject ToolExecutor tools;
  @Inject MemoryService memory;
  @Inject RunMeters meters;
  @Inject RunJournal journal;
  @Inject Metrics metrics;

  /**
   * What to talk about, with which model and tools.
   *
   * @param goal when the talk is done: without one, when the model answers without tool calls; with
   *     one, when it does so and the goal is reached — until then it is reminded and goes on
   */
  public record Brief(
      WakeRun run,
      String model,
      String systemPrompt,
      List<ChatMessage> userTurns,
      boolean persistUserTurns,
      List<ToolSpec> tools,
      Optional<Goal> goal) {
    public Brief {
      Objects.requireNonNull(run, "run");
      Objects.requireNonNull(model, "model");
      Objects.requireNonNull(systemPrompt, "systemPrompt");
      userTurns = List.copyOf(userTurns);
      tools = List.copyOf(tools);
      Objects.requireNonNull(goal, "goal");
    }

    /** A brief whose talk ends when the model answers without tool calls. */
    public Brief(
        WakeRun run,
        String model,
        String systemPrompt,
        List<ChatMessage> userTurns,
        boolean persistUserTurns,
        List<ToolSpec> tools) {
      this(run, model, systemPrompt, userTurns, persistUserTurns, tools, Optional.empty());
    }
  }

  /** What must hold before a talk may end ({@link Brief#goal}). */
  public interface Goal {

    /** Whether it holds now. */
    boolean reached();

    /**
     * What the model is told when it ends its turn short of the goal; the same words each time, so
     * that a resumed run rebuilds the same conversation.
     */
    String reminder();
  }

  /**
   * How it ended: the model's final text (its report or reply), after how many model calls, and the
   * tools whose calls succeeded (replayed ones included).
   */
  public record Outcome(
      String finalText, int modelCalls, int toolCalls, Usage usage, Set<String> succeeded) {

    public Outcome {
      succeeded = Set.copyOf(succeeded);
    }

    public Outcome(String finalText, int modelCalls, int toolCalls, Usage usage) {
      this(finalText, modelCalls, toolCalls, usage, Set.of());
    }

    /**
     * The final text as the wake's new report.
     *
     * @throws IllegalStateException when the model ended the wake without one
     */
    public String report() {
      if (finalText.isBlank()) {
        throw new IllegalStateException("the model ended the wake without a report");
      }
      return finalText;
    }
  }

  /** The tools {@code agent} may call on a wake for {@code run}'s reason. */
  public List<ToolSpec> toolsFor(Agent agent, WakeRun run) {
    var names =
        profiles.callable(agent, run.reason(), registry.all()).stream()
            .map(tool -> tool.name())
            .toList();
    return ToolSpecs.fromContract(registry.contract(), names);
  }

  /** The tools of {@link #toolsFor} that are in {@code wanted}, in the registry's order. */
  public List<ToolSpec> toolsFor(Agent agent, WakeRun run, Set<String> wanted) {
    return toolsFor(agent, run).stream().filter(spec -> wanted.contains(spec.name())).toList();
  }

  /**
   * Talks until the model answers without tool calls, within the run's budgets (see {@link
   * RunMeter}): each model call is a step, its tokens count, and every tool call is counted before
   * it runs and its result after. The checks sit here, outside the {@link ToolExecutor}, which
   * turns a tool's exceptions into results the model sees; a budget stop must end the run instead.
   *
   * <p>Each step is one transaction, begun once the model has answered (no transaction is open
   * during the model call): the prompt's {@code user} message (first step), the answer as the
   * step's decision with its {@code assistant} message and its usage, each call with its ledger
   * row, result and messages, and the checkpoint. A call that runs in transactions of its own (an
   * external call, a call held for approval) splits its step: what comes before it commits first,
   * the decision among it, so that the call acts only once its decision is recorded. A call whose
   * handler fails dooms the step's transaction: the step rolls back and goes again write by write,
   * as {@link ToolExecutor#execute} records the failure in a transaction of its own.
   *
   * @throws RunBudgetExceededException when the run goes over a budget, the number of steps among
   *     them (it follows {@code reveille.inference.max-turns} unless set)
   */
  public Outcome talk(Brief brief) {
    return talk(brief, history(brief.run()));
  }

  /**
   * What {@code run} has recorded so far that its conversation goes on from: its steps and its
   * meter. Two reads, in the caller's transaction when it has one: a workflow that reads the rest
   * of what its first model call needs in one transaction reads these in it too.
   */
  public History history(WakeRun run) {
    var recorded = new java.util.HashMap<Integer, RunStep>();
    journal.steps(run.runKey()).forEach(step -> recorded.put(step.getStepIndex(), step));
    return new History(Map.copyOf(recorded), meters.meter(run.runKey()));
  }

  /** A run's recorded steps by their index, and its meter as they left it ({@link #history}). */
  public record History(Map<Integer, RunStep> recorded, RunMeter meter) {}

  /** As {@link #talk(Brief)}, from a {@link #history} read before. */
  public Outcome talk(Brief brief, History history) {
    var run = brief.run();
    var recorded = history.recorded();
    var messages = new ArrayList<ChatMessage>();
    messages.add(ChatMessage.system(brief.systemPrompt()));
    var userTurns = new ArrayList<NewMessage>();
    for (var turn : brief.userTurns()) {
      messages.add(turn);
      if (brief.persistUserTurns() && recorded.isEmpty() && turn instanceof ChatMessage.User user) {
        userTurns.add(message(run, AgentMessageKind.USER, user.content()));
      }
    }
    var usage = Usage.NONE;
    var progress = new Progress(messages, history.meter());
    for (var index = 0; ; index++) {
      var step = recorded.get(index);
      Step plan;
      if (step != null && step.getDecision().isPresent()) {
        // A step recorded before carries out its decision without asking the model; one that
        // succeeded only rebuilds the conversation: its calls were counted when they were made,
        // and none of them runs anew (receipts, stored failures).
        progress.meter.boundary();
        var done = step.getStatus() == StepStatus.SUCCEEDED;
        plan =
            Step.turn(
                index,
                fromDecision(step.getDecision().get()),
                Optional.empty(),
                done,
                List.of(),
                false);
      } else {
        progress.meter.step();
        var answer =
            forgiven(
                run,
                provider.chat(ChatRequest.of(brief.model(), progress.messages, brief.tools())),
                brief.tools());
        plan =
            Step.turn(
                index,
                answer,
                Optional.of(decisionOf(answer, brief.model())),
                false,
                List.copyOf(userTurns),
                step == null);
      }
      userTurns.clear();
      usage = usage.plus(plan.answer().usage());
      var answer = carryOut(brief, plan, progress).answer;
      if (!answer.hasToolCalls()) {
        // Short of its goal the talk goes on. A step recorded after this one says that it went on
        // before, so a resumed run goes on without asking again (the goal may hold by now).
        if (brief.goal().isEmpty()
            || (!recorded.containsKey(index + 1) && brief.goal().get().reached())) {
          return new Outcome(
              answer.content().orElse("").strip(),
              index + 1,
              progress.ordinal,
              usage,
              progress.succeeded);
        }
        progress.messages.add(ChatMessage.user(brief.goal().get().reminder()));
      }
    }
  }

  /**
   * Follows an agent's plan ({@link AgentPlan}) on {@code run}: each of its calls is a step of the
   * run, carried out as a model's answer with one tool call would be (see {@link #talk}), with the
   * call's ledger row, its messages and the step's checkpoint in one transaction, and no model
   * asked. The call itself is the step's decision: a resumed run carries out the recorded ones
   * again, under the same operation ids, and gets their receipts. The plan ends at the first call
   * whose result is an error. A plan's steps are checked against the run's wall clock, its tool
   * calls and a cancel, not against its model calls ({@code max-steps}).
   *
   * @return the results of the calls made, in order: all of them, or up to the one that failed
   */
  public List<ToolResult> follow(WakeRun run, AgentPlan plan, History history) {
    var brief = new Brief(run, PLAN_STEP, "", List.of(), false, List.of());
    var progress = new Progress(new ArrayList<>(), history.meter());
    var results = new ArrayList<ToolResult>();
    for (var index = 0; index < plan.size(); index++) {
      var recorded = history.recorded().get(index);
      var last = index + 1 == plan.size();
      progress.meter.boundary();
      Step step;
      if (recorded != null && recorded.getDecision().isPresent()) {
        step =
            new Step(
                index,
                PLAN_STEP,
                fromDecision(recorded.getDecision().get()),
                Optional.empty(),
                recorded.getStatus() == StepStatus.SUCCEEDED,
                List.of(),
                false,
                last);
      } else {
        var call = plan.calls().get(index);
        var answer =
            new ChatResult(
                Optional.empty(),
                List.of(new ToolCallRequest("plan_" + index, call.tool(), call.arguments())),
                Usage.NONE,
                "tool_calls");
        step =
            new Step(
                index,
                PLAN_STEP,
                answer,
                Optional.of(
                    JsonDocuments.provider()
                        .createObjectBuilder()
                        .add(TOOL_CALLS, toolCalls(answer.toolCalls()))
                        .build()),
                false,
                List.of(),
                recorded == null,
                last);
      }
      var result = carryOut(brief, step, progress).lastResult.orElseThrow();
      results.add(result);
      if (result.errorCode().isPresent()) {
        break;
      }
    }
    return List.copyOf(results);
  }

  /**
   * One step to carry out: the model's fresh answer with the decision to record, or a recorded
   * decision ({@code done} when its step succeeded before). {@code unrecorded}: the run's history
   * has no step of this index at all, so the step is written without being looked up.
   */
  private record Step(
      int index,
      String phase,
      ChatResult answer,
      Optional<jakarta.json.JsonObject> decision,
      boolean done,
      List<NewMessage> userTurns,
      boolean unrecorded,
      boolean last) {

    static Step turn(
        int index,
        ChatResult answer,
        Optional<jakarta.json.JsonObject> decision,
        boolean done,
        List<NewMessage> userTurns,
        boolean unrecorded) {
      return new Step(index, MODEL_TURN, answer, decision, done, userTurns, unrecorded, false);
    }

    boolean modelTurn() {
      return phase.equals(MODEL_TURN);
    }

    /** The phases still ahead once this step ends, as its checkpoint records them. */
    List<String> remaining(ChatResult carriedOut) {
      if (modelTurn()) {
        return carriedOut.hasToolCalls() ? List.of(MODEL_TURN) : List.of();
      }
      return last ? List.of() : List.of(phase);
    }
  }

  /** The conversation so far, the run's next call ordinal and its meter: what a step moves on. */
  private static final class Progress {
    private final List<ChatMessage> messages;
    private int ordinal;
    private RunMeter meter;
    private final Set<String> succeeded = new java.util.HashSet<>();

    Progress(List<ChatMessage> messages, RunMeter meter) {
      this.messages = messages;
      this.meter = meter;
    }

    Progress copy() {
      var copy = new Progress(new ArrayList<>(messages), meter.copy());
      copy.ordinal = ordinal;
      copy.succeeded.addAll(succeeded);
      return copy;
    }

    void restore(Progress saved) {
      messages.clear();
      messages.addAll(saved.messages);
      ordinal = saved.ordinal;
      meter = saved.meter.copy();
      succeeded.clear();
      succeeded.addAll(saved.succeeded);
    }
  }

  /** How far a step got: its next call, what its calls changed, whether its boundary passed. */
  private static final class Carried {
    private ChatResult answer;
    private boolean opened;
    private int next;
    private boolean nextCounted;
    private final List<String> made = new ArrayList<>();
    private Optional<String> lastCall = Optional.empty();
    private Optional<ToolResult> lastResult = Optional.empty();

    Carried copy() {
      var copy = new Carried();
      copy.answer = answer;
      copy.opened = opened;
      copy.next = next;
      copy.nextCounted = nextCounted;
      copy.made.addAll(made);
      copy.lastCall = lastCall;
      copy.lastResult = lastResult;
      return copy;
    }
  }

  /**
   * How a part of a step runs: in one transaction that stops before a call that must run on its
   * own; that one call in its own transactions; or every write in its own transaction, to the
   * step's end (after the step's transaction rolled back).
   */
  private enum Mode {
    WITHIN,
    ONE_APART,
    WRITE_BY_WRITE
  }

  /** Where a part of a step stopped: at its end, before a call that runs apart, or stopped. */
  private record Reached(boolean ended, boolean apart, Optional<RuntimeException> stop) {
    static final Reached ENDED = new Reached(true, false, Optional.empty());
    static final Reached APART = new Reached(false, true, Optional.empty());
    static final Reached GOING = new Reached(false, false, Optional.empty());

    static Reached stop(RuntimeException why) {
      return new Reached(false, false, Optional.of(why));
    }
  }

  /**
   * Carries out one step, in one transaction when it can be (see {@link #talk}).
   *
   * @return how the step ended: the answer it carried out (the one its decision records) and its
   *     last call's result
   */
  private Carried carryOut(Brief brief, Step plan, Progress progress) {
    var agentId = brief.run().agentId();
    var carried = new Carried();
    if (plan.decision().isEmpty()) {
      carried.answer = plan.answer();
    }
    while (true) {
      var savedProgress = progress.copy();
      var savedCarried = carried.copy();
      var step = carried;
      Reached reached;
      try {
        reached = journal.inStep(agentId, () -> part(brief, plan, progress, step, Mode.WITHIN));
      } catch (RuntimeException e) {
        // A call's handler failed (or the commit did): nothing of the part committed. It goes
        // again write by write, where the executor records the failure in a transaction of its own.
        LOG.log(
            Level.FINE,
            "Step {0} of run {1} did not go in one transaction ({2}); it goes write by write",
            new Object[] {plan.index(), brief.run().runKey(), e.toString()});
        progress.restore(savedProgress);
        carried = savedCarried;
        reached = part(brief, plan, progress, carried, Mode.WRITE_BY_WRITE);
      }
      if (reached.apart()) {
        reached = part(brief, plan, progress, carried, Mode.ONE_APART);
      }
      if (reached.stop().isPresent()) {
        throw reached.stop().get();
      }
      if (reached.ended()) {
        return carried;
      }
    }
  }

  /**
   * A part of a step, as {@code mode} says: its opening (the prompt's {@code user} messages, the
   * decision with its {@code assistant} message and usage, or a recorded step begun again), its
   * calls, its end with the checkpoint. A budget stop, a cancel or a result that parks the run is
   * returned, not thrown, so that what the part did before it commits.
   */
  private Reached part(Brief brief, Step plan, Progress progress, Carried step, Mode mode) {
    var run = brief.run();
    var within = mode == Mode.WITHIN;
    if (!step.opened) {
      for (var user : plan.userTurns()) {
        if (within) {
          memory.appendUnflushed(run.agentId(), user);
        } else {
          memory.append(run.agentId(), user);
        }
      }
      if (plan.decision().isPresent()) {
        var answer = plan.answer();
        var text = answer.content().orElse("");
        var decision =
            journal.decided(
                run.agentId(),
                run.runKey(),
                plan.index(),
                plan.phase(),
                plan.decision().get(),
                plan.modelTurn()
                    ? Optional.of(
                        new NewMessage(
                            run.threadId(),
                            AgentMessageKind.ASSISTANT,
                            Optional.of(run.runKey()),
                            text.isBlank() ? Optional.empty() : Optional.of(text),
                            text.length() / 4,
                            AgentMessageMetadata.empty()
                                .withExtension(callsOf(answer.toolCalls(), brief.model()))))
                    : Optional.empty(),
                plan.unrecorded());
        step.answer = fromDecision(decision);
        step.opened = true;
        progress.messages.add(step.answer.asMessage());
        if (plan.modelTurn()) {
          meters.addUsage(
              run.runKey(), answer.usage().promptTokens(), answer.usage().completionTokens());
          // The answer is kept before its tokens are checked: a run stopped by its token budget
          // and resumed carries it out instead of paying for it again.
          try {
            progress.meter.afterModelCall(
                answer.usage().promptTokens() + answer.usage().completionTokens());
          } catch (RunBudgetExceededException e) {
            return Reached.stop(e);
          }
        }
      } else {
        if (!plan.done()) {
          journal.began(run.agentId(), run.runKey(), plan.index(), plan.phase());
        }
        step.opened = true;
        progress.messages.add(step.answer.asMessage());
      }
    }
    var calls = step.answer.toolCalls();
    // Read once a part: the part holds the agent's state lock, under which an operator cancels.
    var markRead = within && !plan.done() && step.next < calls.size();
    if (markRead) {
      try {
        progress.meter.readCancelMark();
      } catch (RunCancelledException e) {
        return Reached.stop(e);
      }
    }
    while (step.next < calls.size()) {
      var request = calls.get(step.next);
      if (!plan.done() && !step.nextCounted) {
        if (!within) {
          progress.meter.forgetCancelMark();
        }
        try {
          progress.meter.beforeToolCall();
        } catch (RunBudgetExceededException | RunCancelledException e) {
          return Reached.stop(e);
        }
        step.nextCounted = true;
      }
      var call =
          new ToolRequest(
                  run.agentId(),
                  request.name(),
                  Optional.empty(),
                  request.arguments(),
                  false,
                  run.reason(),
                  Optional.of(run.runKey()),
                  OptionalInt.of(progress.ordinal),
                  Optional.of(run.threadId()))
              .within(run.causedBy(), plan.modelTurn())
              .atStep(plan.index());
      ToolResult result;
      if (within) {
        var answered = tools.executeWithin(call, plan.done());
        if (answered.isEmpty()) {
          return Reached.APART;
        }
        result = answered.get();
      } else {
        result = plan.done() ? tools.replay(call) : tools.execute(call);
      }
      progress.ordinal++;
      step.next++;
      step.nextCounted = false;
      if (result.errorCode().isEmpty()) {
        progress.succeeded.add(request.name());
      }
      progress.messages.add(new ChatMessage.Tool(request.id(), result.toJson().toString()));
      var code = result.errorCode();
      if (code.isPresent() && code.get().parksRun()) {
        return Reached.stop(
            new RunWaitingException(
                code.get().wire(),
                request.name() + ": " + result.errorMessage().orElse(code.get().wire())));
      }
      if (!plan.done()) {
        try {
          progress.meter.afterToolResult(
              request.name(),
              OperationIds.argumentsHash(request.arguments()),
              code.map(c -> c.wire()));
        } catch (RunBudgetExceededException e) {
          return Reached.stop(e);
        }
      }
      step.lastResult = Optional.of(result);
      step.made.addAll(result.changedEntityIds());
      if (!result.preview() && result.errorCode().isEmpty() && result.operationId().isPresent()) {
        step.lastCall =
            Optional.of(OperationIds.ledgerKey(run.agentId(), result.operationId().get()));
      }
      if (mode == Mode.ONE_APART) {
        return Reached.GOING;
      }
    }
    journal.ended(
        run.agentId(),
        run.runKey(),
        new Checkpoint(
            plan.phase(),
            plan.index(),
            progress.ordinal,
            plan.remaining(step.answer),
            step.made,
            step.lastCall));
    if (within && step.answer.hasToolCalls() && !markRead) {
      // The boundary before the next model call, read under the state lock the step holds.
      try {
        progress.meter.readCancelMark();
      } catch (RunCancelledException e) {
        return Reached.stop(e);
      }
    }
    return Reached.ENDED;
  }

  /**
   * The model's answer with its small mistakes forgiven: a tool name no tool has that is a slip for
   * exactly one tool offered ({@link ToolNameRepair}) is taken as that tool; arguments encoded
   * twice were decoded once by the client. Each recovery is kept with the call (in the step's
   * decision, which the run's detail shows), logged and counted ({@code reveille.tool.recoveries});
   * any other unknown name is left for the executor, whose refusal lists the tools the agent may
   * call.
   */
  private ChatResult forgiven(WakeRun run, ChatResult answer, List<ToolSpec> offered) {
    var names = offered.stream().map(ToolSpec::name).toList();
    var calls = new ArrayList<ToolCallRequest>();
    for (var call : answer.toolCalls()) {
      var taken = call;
      if (!names.contains(call.name()) && registry.find(call.name()).isEmpty()) {
        var intended = ToolNameRepair.intended(call.name(), names);
        if (intended.isPresent()) {
          taken = call.recovered(intended.get(), ToolCallRequest.Recovery.toolName(call.name()));
        }
      }
      for (var recovery : taken.recoveries()) {
        metrics.toolCallRecovered(recovery.kind());
        var named = taken;
        LOG.info(
            () ->
                "Run "
                    + run.runKey()
                    + ": the model's call "
                    + named.id()
                    + " of "
                    + named.name()
                    + " recovered ("
                    + recovery.kind()
                    + recovery.from().map(from -> ", written " + from).orElse("")
                    + ")");
      }
      calls.add(taken);
    }
    return new ChatResult(answer.content(), calls, answer.usage(), answer.finishReason());
  }

  /** The phase name of a model turn's step. */
  static final String MODEL_TURN = "model_turn";

  /** The phase name of a plan's step ({@link #follow}). */
  static final String PLAN_STEP = "plan_step";

  /** The field of a step's decision that lists its tool calls. */
  private static final String TOOL_CALLS = "reveille.toolCalls";

  /** The field of a decision's tool call that lists the model's mistakes forgiven to read it. */
  private static final String RECOVERED = "recovered";

  /** A model answer as a step's decision: its text and the tool calls it asked for. */
  static jakarta.json.JsonObject decisionOf(ChatResult answer, String model) {
    var decision = JsonDocuments.provider().createObjectBuilder(callsOf(answer.toolCalls(), model));
    answer.content().ifPresent(text -> decision.add("content", text));
    return decision.build();
  }

  /** The answer a step's decision records (no usage: it was counted when it was made). */
  static ChatResult fromDecision(jakarta.json.JsonObject decision) {
    var calls = new ArrayList<ToolCallRequest>();
    for (var value : decision.getJsonArray(TOOL_CALLS)) {
      var call = value.asJsonObject();
      var recoveries = new ArrayList<ToolCallRequest.Recovery>();
      if (call.get(RECOVERED) instanceof jakarta.json.JsonArray recorded) {
        for (var entry : recorded.getValuesAs(jakarta.json.JsonObject.class)) {
          recoveries.add(
              new ToolCallRequest.Recovery(
                  entry.getString("kind"), Optional.ofNullable(entry.getString("from", null))));
        }
      }
      calls.add(
          new ToolCallRequest(
              call.getString("id"),
              call.getString("name"),
              call.getJsonObject("arguments"),
              recoveries));
    }
    var content = Optional.ofNullable(decision.getString("content", null));
    return new ChatResult(content, calls, Usage.NONE, calls.isEmpty() ? "stop" : "tool_calls");
  }

  private static NewMessage message(WakeRun run, AgentMessageKind kind, String text) {
    return new NewMessage(
        run.threadId(),
        kind,
        Optional.of(run.runKey()),
        text.isBlank() ? Optional.empty() : Optional.of(text),
        text.length() / 4,
        AgentMessageMetadata.empty());
  }

  private static jakarta.json.JsonObject callsOf(List<ToolCallRequest> calls, String model) {
    return JsonDocuments.provider()
        .createObjectBuilder()
        .add("reveille.model", model)
        .add(TOOL_CALLS, toolCalls(calls))
        .build();
  }

  private static jakarta.json.JsonArray toolCalls(List<ToolCallRequest> calls) {
    var list = JsonDocuments.provider().createArrayBuilder();
    for (var call : calls) {
      var entry =
          JsonDocuments.provider()
              .createObjectBuilder()
              .add("id", call.id())
              .add("name", call.name())
              .add("arguments", call.arguments());
      if (!call.recoveries().isEmpty()) {
        var recovered = JsonDocuments.provider().createArrayBuilder();
        for (var recovery : call.recoveries()) {
          var one = JsonDocuments.provider().createObjectBuilder().add("kind", recovery.kind());
          recovery.from().ifPresent(from -> one.add("from", from));
          recovered.add(one);
        }
        entry.add(RECOVERED, recovered);
      }
      list.add(entry);
    }
    return list.build();
  }
}
