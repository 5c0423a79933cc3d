package io.reveille.memory.control;

import io.reveille.inference.control.ChatMessage;
import io.reveille.inference.control.ChatRequest;
import io.reveille.inference.control.InferenceGateway;
import io.reveille.inference.control.InferenceRateLimitedException;
import io.reveille.inference.control.InferenceUnavailableException;
import io.reveille.platform.LogText;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.List;
import java.util.OptionalInt;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.faulttolerance.ExecutionContext;
import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.faulttolerance.FallbackHandler;
import org.eclipse.microprofile.faulttolerance.Retry;

/**
 * A span summarised by a model, with a fixed prompt contract: the span's turns (or, for a fold, the
 * summaries) as the user message, {@link #INSTRUCTIONS} as the system message, no tools, at most
 * {@value #MAX_OUTPUT_TOKENS} tokens back; an answer that is empty or over {@value #MAX_CHARS}
 * characters counts as a failure. A fold keeps the conversation's opening items as they were
 * whatever the model writes ({@link SpanWork#modelSummary}).
 *
 * <p>MicroProfile Fault Tolerance makes it never fail a job: three attempts (a retry after a
 * second, each attempt being the inference gateway's own bounded call), none more after a rate
 * limit or budget refusal (HTTP 429) or a missing endpoint, and then the deterministic {@link
 * ExtractiveSummary} of the same span. Change the attempts with {@code
 * io.reveille.memory.control.ModelSummary/summarise/Retry/maxRetries}.
 */
@ApplicationScoped
public class ModelSummary {

  private static final Logger LOG = Logger.getLogger(ModelSummary.class.getName());

  static final int MAX_OUTPUT_TOKENS = 1200;
  static final int MAX_CHARS = 6000;

  static final String INSTRUCTIONS =
      "You write the memory of an agent. Summarise the conversation span (or the summaries) the"
          + " user message gives you, for the agent to read instead of it later. Keep every fact"
          + " the user stated (names, numbers, codes, dates), every decision and commitment and"
          + " every open question, in the order they came, and who said what. Write at most 40"
          + " lines, each starting with \"- \"; no preamble, nothing invented. When you are given"
          + " summaries, keep what the first of them says about the opening of the conversation.";

  @Inject InferenceGateway gateway;

  @Retry(
      maxRetries = 2,
      delay = 1000,
      jitter = 500,
      abortOn = {InferenceRateLimitedException.class, InferenceUnavailableException.class})
  @Fallback(ExtractiveFallback.class)
  public String summarise(String model, SpanWork work) {
    var result =
        gateway.chat(
            new ChatRequest(
                model,
                List.of(ChatMessage.system(INSTRUCTIONS), ChatMessage.user(work.transcript())),
                List.of(),
                OptionalInt.of(MAX_OUTPUT_TOKENS)));
    var text =
        result
            .content()
            .map(String::strip)
            .filter(content -> !content.isEmpty())
            .orElseThrow(() -> new IllegalStateException("the model answered no summary"));
    if (text.length() > MAX_CHARS) {
      throw new IllegalStateException(
          "the model's summary has " + text.length() + " characters, over " + MAX_CHARS);
    }
    return work.modelSummary(model, text);
  }

  /** The deterministic summary of the span the model did not summarise, and why, in the log. */
  public static class ExtractiveFallback implements FallbackHandler<String> {

    @Override
    public String handle(ExecutionContext context) {
      var work = (SpanWork) context.getParameters()[1];
      LOG.log(
          Level.INFO,
          "Compaction job {0} uses the extractive summary: the model did not summarise: {1}",
          new Object[] {
            work.jobId(), LogText.quoted(String.valueOf(context.getFailure().getMessage()))
          });
      return work.extractive();
    }
  }
}
