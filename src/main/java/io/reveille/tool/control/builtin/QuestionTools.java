package io.reveille.tool.control.builtin;

import static io.reveille.tool.entity.Capability.ASK_PERSON;
import static io.reveille.tool.entity.ScopeRule.AGENT_OWN_MEMORY;

import io.reveille.platform.json.JsonDocuments;
import io.reveille.tool.control.OperationIds;
import io.reveille.tool.control.ToolDefinition;
import io.reveille.tool.control.ToolErrorCode;
import io.reveille.tool.control.ToolFailure;
import io.reveille.tool.control.ToolInvocation;
import io.reveille.tool.control.ToolOutcome;
import io.reveille.tool.control.ToolSet;
import io.reveille.tool.control.question.AgentQuestions;
import io.reveille.tool.control.question.QuestionConfig;
import io.reveille.tool.entity.AgentQuestion;
import io.reveille.tool.entity.QuestionStatus;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

/**
 * {@code ask_user} and {@code propose_plan}: the agent asks a person — a question, perhaps with
 * choices, or a plan to approve or reject — and its run waits. The first call records the question
 * ({@link AgentQuestions#ask}, committed at once) and answers {@code awaiting_answer}, which parks
 * the run; the run resumes when the question is answered or expires, makes the same call again
 * (same operation id, same question) and gets the answer, or {@code expired}. Only a run can wait:
 * a call over the API, which has none, is refused.
 */
@ApplicationScoped
public class QuestionTools implements ToolSet {

  @Inject AgentQuestions questions;
  @Inject QuestionConfig config;
  @Inject Clock clock;

  @Override
  public List<ToolDefinition> tools() {
    return List.of(
        ToolDefinition.writing("ask_user")
            .requires(ASK_PERSON)
            .scope(AGENT_OWN_MEMORY)
            .handledBy(this::askUser),
        ToolDefinition.writing("propose_plan")
            .requires(ASK_PERSON)
            .scope(AGENT_OWN_MEMORY)
            .handledBy(this::proposePlan));
  }

  ToolOutcome askUser(ToolInvocation call) {
    var args = call.arguments();
    return ask(
        call,
        AgentQuestion.Kind.QUESTION,
        args.string("question").strip(),
        args.has("choices") ? args.strings("choices") : List.of(),
        Optional.empty());
  }

  ToolOutcome proposePlan(ToolInvocation call) {
    var args = call.arguments();
    var steps = JsonDocuments.provider().createArrayBuilder();
    args.strings("steps").forEach(step -> steps.add(step.strip()));
    var title = args.string("title").strip();
    return ask(
        call,
        AgentQuestion.Kind.PLAN,
        title,
        List.of(),
        Optional.of(
            JsonDocuments.provider()
                .createObjectBuilder()
                .add("title", title)
                .add("steps", steps)
                .build()));
  }

  private ToolOutcome ask(
      ToolInvocation call,
      AgentQuestion.Kind kind,
      String text,
      List<String> choices,
      Optional<jakarta.json.JsonObject> plan) {
    var runKey =
        RunCalls.runKey(
            call,
            "asks from inside a run, which waits for the answer; a call over the API has no run to wait");
    var id = OperationIds.ledgerKey(call.agentId(), call.operationId().orElseThrow());
    var question =
        questions
            .find(id)
            .orElseGet(
                () -> {
                  var now = clock.instant();
                  return questions.ask(
                      new AgentQuestion(
                          id,
                          call.agentId(),
                          runKey,
                          kind,
                          text,
                          choices,
                          plan,
                          now,
                          now.plus(expiresIn(call))));
                });
    if (question.getStatus() == QuestionStatus.OPEN) {
      throw new ToolFailure(
          ToolErrorCode.AWAITING_ANSWER,
          (kind == AgentQuestion.Kind.PLAN ? "plan " : "question ")
              + id
              + " waits for a person's answer (POST /api/runs/"
              + runKey
              + "/answer) until "
              + question.getExpiresAt());
    }
    var payload =
        JsonDocuments.provider()
            .createObjectBuilder()
            .add("questionId", id)
            .add("status", question.getStatus().wire());
    question.getAnswer().ifPresent(answer -> payload.add("answer", answer));
    question.getAnsweredBy().ifPresent(by -> payload.add("answeredBy", by));
    question.getAnsweredAt().ifPresent(at -> payload.add("closedAt", at.toString()));
    return ToolOutcome.of(payload.build()).build();
  }

  /** The agent's {@code expiresInSeconds}, within the settings' bounds; the default without it. */
  private Duration expiresIn(ToolInvocation call) {
    var given = call.arguments().optionalInteger("expiresInSeconds");
    if (given.isEmpty()) {
      return config.expireAfter();
    }
    var seconds = Duration.ofSeconds(given.get());
    if (seconds.compareTo(config.minExpireAfter()) < 0
        || seconds.getSeconds() > QuestionConfig.MAX_SECONDS) {
      throw ToolFailure.invalid(
          "expiresInSeconds",
          "must be between "
              + config.minExpireAfter().toSeconds()
              + " and "
              + QuestionConfig.MAX_SECONDS
              + " seconds, was "
              + given.get());
    }
    return seconds;
  }
}
