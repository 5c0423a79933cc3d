package io.reveille.workingstate.control;

import io.reveille.inference.control.ChatMessage;
import io.reveille.inference.control.ChatRequest;
import io.reveille.inference.control.InferenceGateway;
import io.reveille.memory.control.MemoryService;
import io.reveille.platform.LogText;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.wake.control.RunMeters;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.util.List;
import java.util.OptionalInt;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.eclipse.microprofile.faulttolerance.ExecutionContext;
import org.eclipse.microprofile.faulttolerance.Fallback;
import org.eclipse.microprofile.faulttolerance.FallbackHandler;

/**
 * The end-of-run working-state delta a model writes, for agents whose {@code
 * config.workingStateDelta} is {@code model}: after the run's last model turn, the model reads the
 * thread's working state and the run's messages and answers one delta document ({@link
 * #INSTRUCTIONS}), which is validated against the delta schema and applied all or nothing, keyed by
 * the run ({@link WorkingStates#applyDelta}). Whatever goes wrong — the model unreachable or
 * refusing, an answer that is not JSON, a delta the schema or the state refuses — MicroProfile
 * Fault Tolerance falls back to nothing here: the state is left as it was, and the deterministic
 * summary of the run's tool results ({@link RunSummaries}) is written when the run completes.
 */
@ApplicationScoped
public class ModelDeltas {

  private static final Logger LOG = Logger.getLogger(ModelDeltas.class.getName());

  static final int MAX_OUTPUT_TOKENS = 1500;

  /** The most messages of the run the model reads, and the most characters of each. */
  static final int MAX_MESSAGES = 60;

  static final int MAX_MESSAGE_CHARS = 2000;

  static final String INSTRUCTIONS =
      "You update the working state of an agent after one of its runs. Use ONLY the current"
          + " working state and the run's messages and tool results the user message gives you;"
          + " do not invent facts or go beyond the evidence. Answer with one JSON object and"
          + " nothing else, a delta of this form (every field but schemaVersion optional):"
          + " {\"schemaVersion\":1,"
          + " \"understanding\":{\"entities\":[{\"id\":\"...\",\"kind\":\"TASK\",\"name\":\"...\"}],"
          + " \"dependencies\":[{\"from\":\"...\",\"to\":\"...\",\"rel\":\"...\"}]},"
          + " \"assumptions\":[{\"id\":\"...\",\"hypothesis\":\"...\",\"confidence\":0.7,"
          + " \"evidence\":[\"...\"]}],"
          + " \"hypotheses\":[{\"id\":\"...\",\"hypothesis\":\"...\",\"reason\":\"...\"}],"
          + " \"itemOps\":[{\"op\":\"add\",\"item\":{\"id\":\"...\",\"kind\":\"task\","
          + "\"title\":\"...\",\"status\":\"active\",\"relatedEntityIds\":[\"...\"]}},"
          + "{\"op\":\"update\",\"id\":\"...\","
          + "\"patch\":{\"status\":\"resolved\"}},{\"op\":\"remove\",\"id\":\"...\"}]}."
          + " Update the understanding (entities and their dependencies), reconcile assumptions"
          + " with their confidence from 0 to 1, keep alternative hypotheses that are unresolved,"
          + " and add, update or resolve items (kind task, doc, note, idea or question; status"
          + " active, resolved or discarded). Leave out what did not change.";

  @Inject InferenceGateway gateway;
  @Inject WorkingStates states;
  @Inject MemoryService memory;
  @Inject RunMeters meters;

  /**
   * Asks {@code model} for the run's delta and applies it to the thread's state.
   *
   * @return whether the model's delta was applied; {@code false} (the fallback) leaves the state to
   *     the deterministic summary at the run's completion
   */
  @Fallback(NotWritten.class)
  public Boolean write(String model, String agentId, String threadId, String runKey) {
    var state = states.state(agentId, threadId);
    if (state.hasSummarised(runKey)) {
      return true;
    }
    var answer =
        gateway.chat(
            new ChatRequest(
                model,
                List.of(
                    ChatMessage.system(INSTRUCTIONS),
                    ChatMessage.user(transcript(agentId, runKey, state))),
                List.of(),
                OptionalInt.of(MAX_OUTPUT_TOKENS)));
    var text =
        answer
            .content()
            .map(String::strip)
            .filter(content -> !content.isEmpty())
            .orElseThrow(() -> new IllegalStateException("the model answered no delta"));
    // The call is the run's: its tokens count toward the run's budget and the daily quota.
    meters.addUsage(runKey, answer.usage().promptTokens(), answer.usage().completionTokens());
    states.applyDelta(agentId, threadId, runKey, delta(text));
    return true;
  }

  /** The fallback of {@link #write}: nothing written, and why in the log. */
  public static class NotWritten implements FallbackHandler<Boolean> {

    @Override
    public Boolean handle(ExecutionContext context) {
      var arguments = context.getParameters();
      LOG.log(
          Level.INFO,
          "Run {0} of agent {1}: the model''s working-state delta was not applied, the"
              + " deterministic summary is written instead: {2}",
          new Object[] {
            arguments[3],
            arguments[1],
            LogText.quoted(String.valueOf(context.getFailure().getMessage()))
          });
      return false;
    }
  }

  /**
   * The delta in the model's answer: the JSON object it holds (a Markdown code fence around it is
   * dropped), with {@code schemaVersion} 1 when it left that out.
   *
   * @throws IllegalArgumentException when the answer holds no JSON object
   */
  static JsonObject delta(String answer) {
    var text = answer.strip();
    var start = text.indexOf('{');
    var end = text.lastIndexOf('}');
    if (start < 0 || end < start) {
      throw new IllegalArgumentException("the model's answer holds no JSON object");
    }
    JsonObject json;
    try (var reader =
        JsonDocuments.provider().createReader(new StringReader(text.substring(start, end + 1)))) {
      json = reader.readObject();
    } catch (RuntimeException e) {
      throw new IllegalArgumentException("the model's answer is not a JSON object: " + e, e);
    }
    return json.containsKey("schemaVersion")
        ? json
        : JsonDocuments.provider().createObjectBuilder(json).add("schemaVersion", 1).build();
  }

  private String transcript(String agentId, String runKey, WorkingState state) {
    var text = new StringBuilder("Current working state:\n");
    text.append(WorkingStateDocuments.toJson(state)).append("\n\nThe run's messages:\n");
    for (var message : memory.ofRun(agentId, runKey, MAX_MESSAGES)) {
      var content = memory.content(message).orElse("");
      if (content.length() > MAX_MESSAGE_CHARS) {
        content = content.substring(0, MAX_MESSAGE_CHARS) + " …";
      }
      text.append("- ").append(message.getKind().wire()).append(": ").append(content).append('\n');
    }
    return text.toString();
  }
}
