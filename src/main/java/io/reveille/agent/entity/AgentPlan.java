package io.reveille.agent.entity;

import io.reveille.platform.json.DocumentReader;
import io.reveille.platform.json.DocumentWriter;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * An agent's plan ({@code config.plan}): tool calls it makes, in order, on every wake that is not a
 * session, instead of thinking. Each call is a step of the run through the tool executor, as a
 * model's would be (capabilities, wake reason, schema, category scope, ledger): recorded before it
 * acts, carried out again from its record by a resumed run, exactly once. The tool and its
 * arguments are checked when the call is made; a call that fails ends the plan there.
 *
 * <p>At most {@value #MAX_STEPS} calls; each names its {@code tool} (at most {@value
 * #MAX_TOOL_LENGTH} characters) and may give its {@code arguments} (an object, empty when absent).
 */
public final class AgentPlan {

  public static final int MAX_STEPS = 20;
  public static final int MAX_TOOL_LENGTH = 100;

  static final String TOOL = "tool";
  static final String ARGUMENTS = "arguments";

  private static final AgentPlan NONE = new AgentPlan(List.of());

  /** One call of a plan: a tool and its arguments, with fields a newer version wrote kept. */
  public record Call(String tool, JsonObject arguments, JsonObject unknownFields) {
    public Call {
      Objects.requireNonNull(tool, "tool");
      Objects.requireNonNull(arguments, "arguments");
      Objects.requireNonNull(unknownFields, "unknownFields");
    }

    public Call(String tool, JsonObject arguments) {
      this(tool, arguments, JsonValue.EMPTY_JSON_OBJECT);
    }

    private JsonObject toJson(boolean storing) {
      var out =
          DocumentWriter.nested()
              .add(TOOL, Optional.of(tool))
              .object(ARGUMENTS, Optional.of(arguments));
      return storing ? out.buildKeeping(unknownFields) : out.build();
    }
  }

  private final List<Call> calls;

  private AgentPlan(List<Call> calls) {
    this.calls = List.copyOf(calls);
  }

  /** No plan: the agent thinks with its engine. */
  public static AgentPlan none() {
    return NONE;
  }

  public static AgentPlan of(List<Call> calls) {
    return calls.isEmpty() ? NONE : new AgentPlan(calls);
  }

  /** Reads the calls of {@code in}'s {@code plan} field, strictly or leniently as {@code in} is. */
  static AgentPlan read(DocumentReader in, String name) {
    return of(
        in.objects(name, MAX_STEPS).stream()
            .map(
                call ->
                    new Call(
                        call.requiredIdentifier(TOOL, MAX_TOOL_LENGTH),
                        call.anyObject(ARGUMENTS).orElse(JsonValue.EMPTY_JSON_OBJECT),
                        call.unknownFields()))
            .toList());
  }

  /** The calls as JSON, the stored form keeping fields a newer version wrote. */
  List<JsonObject> toJson(boolean storing) {
    return calls.stream().map(call -> call.toJson(storing)).toList();
  }

  public List<Call> calls() {
    return calls;
  }

  public boolean isEmpty() {
    return calls.isEmpty();
  }

  public int size() {
    return calls.size();
  }

  @Override
  public boolean equals(Object other) {
    return this == other || other instanceof AgentPlan that && calls.equals(that.calls);
  }

  @Override
  public int hashCode() {
    return calls.hashCode();
  }

  @Override
  public String toString() {
    return "AgentPlan" + calls;
  }
}
