package io.reveille.tool.control.external;

import io.reveille.tool.control.OperationIds;
import io.reveille.tool.control.PreparedCall;
import io.reveille.tool.control.ToolErrorCode;
import io.reveille.tool.control.ToolFailure;
import io.reveille.tool.control.question.AgentQuestions;
import io.reveille.tool.control.question.QuestionConfig;
import io.reveille.tool.entity.AgentQuestion;
import io.reveille.tool.entity.QuestionStatus;
import io.reveille.wake.control.Jobs;
import io.reveille.wake.entity.WakeReason;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * A job that escalates authorisation failures ({@code escalation.onAuthFailure}): an external call
 * its provider refuses for its credentials (HTTP 401 or 403) asks a person — {@code retry} once the
 * credentials are fixed, or {@code skip} — and its run waits ({@code awaiting_answer}). The run,
 * resumed by the answer, makes the call again: {@code retry} sends it (a second refusal asks
 * again), {@code skip} or no answer in time returns the provider's refusal without sending.
 */
@ApplicationScoped
public class AuthEscalation {

  /** The answers the question takes. */
  static final List<String> CHOICES = List.of("retry", "skip");

  static final String RETRY = "retry";

  @Inject Jobs jobs;
  @Inject AgentQuestions questions;
  @Inject QuestionConfig config;
  @Inject Clock clock;

  /** Whether {@code status} refuses the call's credentials. */
  static boolean isAuthFailure(int status) {
    return status == 401 || status == 403;
  }

  /** Whether the call's run is a job that asks a person on an authorisation failure. */
  boolean escalates(PreparedCall call) {
    return call.runKey().isPresent()
        && call.operationId().isPresent()
        && call.invocation().wakeReason() == WakeReason.MANUAL
        && jobs.of(call.runKey().get())
            .map(job -> job.spec().escalation().onAuthFailure())
            .orElse(false);
  }

  /**
   * What a person said about the call's last authorisation failure, before it is sent again: a
   * failure when the question is open (the run waits on), or was answered {@code skip} or expired
   * (the call is not sent); empty when none was asked or the answer was {@code retry}.
   */
  Optional<ToolFailure> before(PreparedCall call) {
    if (!escalates(call)) {
      return Optional.empty();
    }
    var last = latest(call);
    if (last.isEmpty()) {
      return Optional.empty();
    }
    return after(call, last.get());
  }

  private Optional<ToolFailure> after(PreparedCall call, AgentQuestion last) {
    if (last.getStatus() == QuestionStatus.OPEN) {
      return Optional.of(waiting(call, last));
    }
    if (last.getStatus() == QuestionStatus.ANSWERED && RETRY.equals(last.getAnswer().orElse(""))) {
      return Optional.empty();
    }
    return Optional.of(
        new ToolFailure(
            ToolErrorCode.EXTERNAL_ERROR,
            call.toolName()
                + " was not sent again: its provider refused its credentials and "
                + (last.getStatus() == QuestionStatus.ANSWERED
                    ? last.getAnsweredBy().orElse("a person") + " answered skip"
                    : "nobody answered in time")));
  }

  /**
   * Asks a person about the refusal ({@code status}) of the call and returns the failure that parks
   * its run until the answer.
   */
  ToolFailure ask(PreparedCall call, int status) {
    var prefix = prefix(call);
    var latest = latest(call);
    if (latest.isPresent() && latest.get().getStatus() == QuestionStatus.OPEN) {
      // Asked before, and the attempt that asked did not get to record the call's failure.
      return waiting(call, latest.get());
    }
    var now = clock.instant();
    var question =
        questions.ask(
            new AgentQuestion(
                prefix + (latest.map(AuthEscalation::number).orElse(0) + 1),
                call.agentId(),
                call.runKey().orElseThrow(),
                AgentQuestion.Kind.QUESTION,
                "The provider of "
                    + call.toolName()
                    + " refused its credentials (HTTP "
                    + status
                    + "). Fix them and answer retry to send the call again, or answer skip.",
                CHOICES,
                Optional.empty(),
                now,
                now.plus(config.expireAfter())));
    return waiting(call, question);
  }

  private static ToolFailure waiting(PreparedCall call, AgentQuestion question) {
    return new ToolFailure(
        ToolErrorCode.AWAITING_ANSWER,
        call.toolName()
            + " was refused its credentials; question "
            + question.getId()
            + " asks a person whether to retry or skip it (POST /api/runs/"
            + question.getRunKey()
            + "/answer)");
  }

  /** The last question asked about the call: the one with the highest number. */
  private Optional<AgentQuestion> latest(PreparedCall call) {
    return questions.withIdPrefix(prefix(call)).stream()
        .max(java.util.Comparator.comparingInt(AuthEscalation::number));
  }

  private static int number(AgentQuestion question) {
    var id = question.getId();
    return Integer.parseInt(id.substring(id.lastIndexOf(':') + 1));
  }

  /** The ids of the questions about one call: per agent and operation. */
  private static String prefix(PreparedCall call) {
    return "auth:" + OperationIds.ledgerKey(call.agentId(), call.operationId().orElseThrow()) + ":";
  }
}
