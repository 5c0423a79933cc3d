package io.reveille.mcp.control.client;

import io.reveille.tool.entity.RiskLevel;
import io.reveille.tool.entity.ToolSideEffect;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;

/**
 * One MCP server whose tools Reveille's agents may use, as the servers document declares it, after
 * validation: how to reach it (a Streamable HTTP URL, or a command Reveille runs beside itself and
 * talks to over stdio), which of its tools to take, how to classify them, how to ask whether a call
 * cut short took effect, and the bounds of every call. Header and environment values are kept as
 * templates ({@code ${secret:NAME}} unresolved), so a declaration never holds a secret.
 *
 * @param url the Streamable HTTP endpoint; empty for a stdio server
 * @param headers sent with every HTTP request (templates)
 * @param command a stdio server's program and arguments; empty for an HTTP server
 * @param workingDirectory a stdio server's working directory
 * @param environment a stdio server's environment besides the few variables every process gets
 *     (templates)
 * @param allow the server's tools to take (their MCP names); empty for every one not denied
 * @param deny the server's tools never to take
 * @param sideEffects a tool's class by its MCP name, over what its hints and name say
 */
public record McpServerDeclaration(
    String name,
    Optional<URI> url,
    Map<String, String> headers,
    List<String> command,
    Optional<Path> workingDirectory,
    Map<String, String> environment,
    Limits limits,
    int timeoutMillis,
    Set<String> allow,
    Set<String> deny,
    Map<String, ToolSideEffect> sideEffects,
    Optional<Lookup> lookup,
    RiskLevel riskLevel) {

  public McpServerDeclaration {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(url, "url");
    headers = Map.copyOf(headers);
    command = List.copyOf(command);
    Objects.requireNonNull(workingDirectory, "workingDirectory");
    environment = Map.copyOf(environment);
    Objects.requireNonNull(limits, "limits");
    allow = Set.copyOf(allow);
    deny = Set.copyOf(deny);
    sideEffects = Map.copyOf(sideEffects);
    Objects.requireNonNull(lookup, "lookup");
    Objects.requireNonNull(riskLevel, "riskLevel");
    if (url.isPresent() == !command.isEmpty()) {
      throw new IllegalArgumentException(name + ": a URL or a command, not both");
    }
  }

  /** Whether Reveille runs it and talks to it over stdio. */
  public boolean isStdio() {
    return url.isEmpty();
  }

  /** Whether the tool named {@code tool} by the server is taken. */
  public boolean takes(String tool) {
    return !deny.contains(tool) && (allow.isEmpty() || allow.contains(tool));
  }

  /**
   * A stdio server's resource limits, each applied with {@code prlimit} when set.
   *
   * @param cpuSeconds the most CPU time
   * @param openFiles the most open files
   * @param memoryBytes the largest address space
   */
  public record Limits(OptionalLong cpuSeconds, OptionalLong openFiles, OptionalLong memoryBytes) {

    public static final Limits NONE =
        new Limits(OptionalLong.empty(), OptionalLong.empty(), OptionalLong.empty());

    public boolean any() {
      return cpuSeconds.isPresent() || openFiles.isPresent() || memoryBytes.isPresent();
    }
  }

  /**
   * A tool of the same server that tells whether a call took effect: called with {@code arguments}
   * (string templates that may use {@code {idempotencyKey}}, the cut call's key), a result means it
   * did (the result is the call's), an error result that it did not.
   */
  public record Lookup(String tool, Map<String, String> arguments) {
    public Lookup {
      Objects.requireNonNull(tool, "tool");
      arguments = Map.copyOf(arguments);
    }
  }

  /** Header and environment names only: values may name secrets. */
  @Override
  public String toString() {
    return "McpServerDeclaration[name="
        + name
        + ", "
        + (isStdio() ? "stdio " + command.get(0) : "url " + url.get())
        + ", headers="
        + headers.keySet()
        + ", environment="
        + environment.keySet()
        + "]";
  }
}
