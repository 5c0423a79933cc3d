package io.reveille.workflow.control;

import io.reveille.agent.entity.AgentKind;
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
import io.reveille.platform.json.JsonDocuments;
import io.reveille.tool.control.CapabilityProfiles;
import io.reveille.tool.control.OperationIds;
import io.reveille.tool.control.ToolExecutor;
import io.reveille.tool.control.ToolExecutor.ToolRequest;
import io.reveille.tool.control.ToolRegistry;
import io.reveille.tool.control.ToolSpecs;
import io.reveille.wake.control.Checkpoint;
import io.reveille.wake.control.RunBudgetExceededException;
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
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The multi-turn tool loop of one wake with a model (seed 003 §4.3 "Within a single wake").
 *
 * <p>The conversation lives in memory for this wake only: prior wakes' turns are never replayed to
 * the model (they are audit trail; the report and the observations carry forward). Every turn is
 * persisted as it happens — the prompt as a {@code user} message, each answer as an {@code
 * assistant} message with the tool calls it asked for, each tool call as the executor's {@code
 * action}/{@code toolResult} pair — so a crash loses at most the call in flight. Tool calls go
 * through the {@link ToolExecutor} (capabilities, wake reason, schema, category scope, ledger) with
 * operation ids derived from the run key and the call's ordinal in the run: a re-run of the wake
 * that makes the same calls replays their receipts instead of acting twice. The usage of every
 * model call is added to the run's log entry as it happens, and the run's budgets are checked at
 * every step boundary.
 *
 * <p>Each model turn is a step of the run ({@link RunJournal}): the model's answer is recorded as
 * the step's decision, with its {@code assistant} message, before any of its tool calls runs, and
 * the step ends with a checkpoint (the next call ordinal, what it changed, its last mutating call).
 * A resumed run — after a crash, a wait for a person, a retry — carries out the recorded answers
 * again instead of asking the model, so it makes the same calls under the same operation ids and
 * gets their receipts; the model is asked only from the first step that has no answer. A tool
 * result whose code parks the run (awaiting approval, in doubt) stops the run as {@code waiting}.
 */
@ApplicationScoped
public class AgentConversation {

  @Inject InferenceGateway provider;
  @Inject ToolRegistry registry;
  @Inject CapabilityProfiles profiles;
  @Inject ToolExecutor tools;
  @Inject MemoryService memory;
  @Inject RunMeters meters;
  @Inject RunJournal journal;

  /** What to talk about, with which model and tools. */
  public record Brief(
      WakeRun run,
      String model,
      String systemPrompt,
      List<ChatMessage> userTurns,
      boolean persistUserTurns,
      List<ToolSpec> tools) {
    public Brief {
      Objects.requireNonNull(run, "run");
      Objects.requireNonNull(model, "model");
      Objects.requireNonNull(systemPrompt, "systemPrompt");
      userTurns = List.copyOf(userTurns);
      tools = List.copyOf(tools);
    }
  }

  /** How it ended: the model's final text (its report or reply), after how many model calls. */
  public record Outcome(String finalText, int modelCalls, int toolCalls, Usage usage) {

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

  /** The tools an agent of {@code kind} may call on a wake for {@code run}'s reason. */
  public List<ToolSpec> toolsFor(AgentKind kind, WakeRun run) {
    var held = profiles.of(kind);
    var names =
        registry.all().stream()
            .filter(tool -> held.containsAll(tool.capabilities()))
            .filter(tool -> tool.allowedWakeReasons().contains(run.reason()))
            .map(tool -> tool.name())
            .toList();
    return ToolSpecs.fromContract(registry.contract(), names);
  }

  /** The tools of {@link #toolsFor} that are in {@code wanted}, in the registry's order. */
  public List<ToolSpec> toolsFor(AgentKind kind, WakeRun run, Set<String> wanted) {
    return toolsFor(kind, run).stream().filter(spec -> wanted.contains(spec.name())).toList();
  }

  /**
   * Talks until the model answers without tool calls, within the run's budgets (see {@link
   * RunMeter}): each model call is a step, its tokens count, and every tool call is counted before
   * it runs and its result after. The checks sit here, outside the {@link ToolExecutor}, which
   * turns a tool's exceptions into results the model sees; a budget stop must end the run instead.
   *
   * @throws RunBudgetExceededException when the run goes over a budget, the number of steps among
   *     them (it follows {@code reveille.inference.max-turns} unless set)
   */
  public Outcome talk(Brief brief) {
    var run = brief.run();
    var recorded = new java.util.HashMap<Integer, RunStep>();
    journal.steps(run.runKey()).forEach(step -> recorded.put(step.getStepIndex(), step));
    var messages = new ArrayList<ChatMessage>();
    messages.add(ChatMessage.system(brief.systemPrompt()));
    for (var turn : brief.userTurns()) {
      messages.add(turn);
      if (brief.persistUserTurns() && recorded.isEmpty() && turn instanceof ChatMessage.User user) {
        append(run, AgentMessageKind.USER, user.content(), AgentMessageMetadata.empty());
      }
    }
    var usage = Usage.NONE;
    var ordinal = 0;
    var meter = meters.meter(run.runKey());
    for (var index = 0; ; index++) {
      var step = recorded.get(index);
      // A step that succeeded before only rebuilds the conversation: its calls were counted when
      // they were made, and none of them runs anew (receipts, stored failures).
      var done = step != null && step.getStatus() == StepStatus.SUCCEEDED;
      var answer = answer(brief, messages, meter, step, index);
      usage = usage.plus(answer.usage());
      messages.add(answer.asMessage());
      var made = new ArrayList<String>();
      var lastCall = Optional.<String>empty();
      for (var request : answer.toolCalls()) {
        if (!done) {
          meter.beforeToolCall();
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
                    OptionalInt.of(ordinal++),
                    Optional.of(run.threadId()))
                .within(run.causedBy(), true);
        var result = done ? tools.replay(call) : tools.execute(call);
        messages.add(new ChatMessage.Tool(request.id(), result.toJson().toString()));
        var code = result.errorCode();
        if (code.isPresent() && code.get().parksRun()) {
          throw new RunWaitingException(
              code.get().wire(),
              request.name() + ": " + result.errorMessage().orElse(code.get().wire()));
        }
        if (!done) {
          meter.afterToolResult(
              request.name(),
              OperationIds.argumentsHash(request.arguments()),
              code.map(c -> c.wire()));
        }
        made.addAll(result.changedEntityIds());
        if (!result.preview() && result.errorCode().isEmpty() && result.operationId().isPresent()) {
          lastCall = Optional.of(OperationIds.ledgerKey(run.agentId(), result.operationId().get()));
        }
      }
      journal.ended(
          run.agentId(),
          run.runKey(),
          new Checkpoint(
              MODEL_TURN,
              index,
              ordinal,
              answer.hasToolCalls() ? List.of(MODEL_TURN) : List.of(),
              made,
              lastCall));
      if (!answer.hasToolCalls()) {
        return new Outcome(answer.content().orElse("").strip(), index + 1, ordinal, usage);
      }
    }
  }

  /**
   * The answer step {@code index} carries out: the one it recorded before (a resumed run, which
   * does not ask the model again), or the model's, recorded with its {@code assistant} message
   * before any of its tool calls runs.
   */
  private ChatResult answer(
      Brief brief, List<ChatMessage> messages, RunMeter meter, RunStep recorded, int index) {
    var run = brief.run();
    if (recorded != null && recorded.getDecision().isPresent()) {
      meter.boundary();
      if (recorded.getStatus() != StepStatus.SUCCEEDED) {
        journal.began(run.agentId(), run.runKey(), index, MODEL_TURN);
      }
      return fromDecision(recorded.getDecision().get());
    }
    meter.step();
    var answer = provider.chat(ChatRequest.of(brief.model(), messages, brief.tools()));
    meters.addUsage(run.runKey(), answer.usage().promptTokens(), answer.usage().completionTokens());
    var text = answer.content().orElse("");
    var decision =
        journal.decided(
            run.agentId(),
            run.runKey(),
            index,
            MODEL_TURN,
            decisionOf(answer, brief.model()),
            Optional.of(
                new NewMessage(
                    run.threadId(),
                    AgentMessageKind.ASSISTANT,
                    Optional.of(run.runKey()),
                    text.isBlank() ? Optional.empty() : Optional.of(text),
                    text.length() / 4,
                    AgentMessageMetadata.empty()
                        .withExtension(callsOf(answer.toolCalls(), brief.model())))));
    // The answer is kept before its tokens are checked: a run stopped by its token budget and
    // resumed carries it out instead of paying for it again.
    meter.afterModelCall(answer.usage().promptTokens() + answer.usage().completionTokens());
    var carried = fromDecision(decision);
    return new ChatResult(
        carried.content(), carried.toolCalls(), answer.usage(), answer.finishReason());
  }

  /** The phase name of a model turn's step. */
  static final String MODEL_TURN = "model_turn";

  /** A model answer as a step's decision: its text and the tool calls it asked for. */
  static jakarta.json.JsonObject decisionOf(ChatResult answer, String model) {
    var decision = JsonDocuments.provider().createObjectBuilder(callsOf(answer.toolCalls(), model));
    answer.content().ifPresent(text -> decision.add("content", text));
    return decision.build();
  }

  /** The answer a step's decision records (no usage: it was counted when it was made). */
  static ChatResult fromDecision(jakarta.json.JsonObject decision) {
    var calls = new ArrayList<ToolCallRequest>();
    for (var value : decision.getJsonArray("reveille.toolCalls")) {
      var call = value.asJsonObject();
      calls.add(
          new ToolCallRequest(
              call.getString("id"), call.getString("name"), call.getJsonObject("arguments")));
    }
    var content = Optional.ofNullable(decision.getString("content", null));
    return new ChatResult(content, calls, Usage.NONE, calls.isEmpty() ? "stop" : "tool_calls");
  }

  private void append(
      WakeRun run, AgentMessageKind kind, String text, AgentMessageMetadata metadata) {
    memory.append(
        run.agentId(),
        new NewMessage(
            run.threadId(),
            kind,
            Optional.of(run.runKey()),
            text.isBlank() ? Optional.empty() : Optional.of(text),
            text.length() / 4,
            metadata));
  }

  private static jakarta.json.JsonObject callsOf(List<ToolCallRequest> calls, String model) {
    var list = JsonDocuments.provider().createArrayBuilder();
    for (var call : calls) {
      list.add(
          JsonDocuments.provider()
              .createObjectBuilder()
              .add("id", call.id())
              .add("name", call.name())
              .add("arguments", call.arguments()));
    }
    return JsonDocuments.provider()
        .createObjectBuilder()
        .add("reveille.model", model)
        .add("reveille.toolCalls", list)
        .build();
  }
}
