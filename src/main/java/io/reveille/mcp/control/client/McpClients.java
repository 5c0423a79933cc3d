package io.reveille.mcp.control.client;

import io.modelcontextprotocol.client.McpClient;
import io.modelcontextprotocol.client.McpSyncClient;
import io.modelcontextprotocol.client.transport.HttpClientStreamableHttpTransport;
import io.modelcontextprotocol.client.transport.ServerParameters;
import io.modelcontextprotocol.client.transport.StdioClientTransport;
import io.modelcontextprotocol.spec.McpClientTransport;
import io.modelcontextprotocol.spec.McpError;
import io.modelcontextprotocol.spec.McpSchema;
import io.reveille.mcp.control.McpConfig;
import io.reveille.platform.LogText;
import io.reveille.platform.json.JsonDocuments;
import io.reveille.tool.control.ToolRegistry;
import io.reveille.tool.control.external.ExternalExchange;
import io.reveille.tool.control.external.ExternalRequest;
import io.reveille.tool.control.external.ExternalToolDeclaration;
import io.reveille.tool.control.external.ExternalToolSource;
import io.reveille.tool.control.external.ExternalTools;
import io.reveille.tool.control.external.Templates;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.enterprise.concurrent.ManagedScheduledExecutorService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import jakarta.enterprise.event.Startup;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;

/**
 * The MCP servers whose tools Reveille's agents use, declared in {@code reveille.mcp.servers.file}
 * and reached with the official MCP Java SDK: over Streamable HTTP, or over stdio with a process
 * Reveille runs in the server's working directory with only its declared environment (and {@code
 * prlimit}'s limits, when declared).
 *
 * <p>Connections are supervised: a server is connected in the background from the start, and again
 * after it failed, waiting longer after each failure (1 s doubling up to {@link
 * McpConfig#maxBackoff}); while it is down its tools answer {@code external_unavailable} at once,
 * naming why, and a run is never left hanging on it. Each time a server's tools change (its first
 * connection included) the tool registry is rebuilt, so its tools join every agent's catalogue that
 * holds {@code externalCall}. A call that waits longer than the server's {@code timeoutMillis} ends
 * in doubt (it may have taken effect; MCP has no idempotency key) and the connection is rebuilt;
 * the executor then reconciles as for an external HTTP tool: the declared lookup tool, or a
 * person's resolution.
 */
@ApplicationScoped
public class McpClients implements ExternalToolSource {

  private static final Logger LOG = Logger.getLogger(McpClients.class.getName());
  private static final Duration FIRST_BACKOFF = Duration.ofSeconds(1);

  /** Stdio servers start one at a time, so that each new child process is told apart. */
  private static final Object STARTING = new Object();

  @Inject McpConfig config;
  @Inject ExternalTools externalTools;
  @Inject Instance<ToolRegistry> registry;
  @Inject Clock clock;

  @Resource(lookup = "java:comp/DefaultManagedScheduledExecutorService")
  ManagedScheduledExecutorService scheduler;

  private final Map<String, Server> servers = new LinkedHashMap<>();
  private volatile ScheduledFuture<?> supervisor;

  @PostConstruct
  void init() {
    var file = config.serversFile();
    if (file.isEmpty()) {
      return;
    }
    var path = Path.of(file.get());
    try {
      McpServerDocument.parse(Files.readString(path, StandardCharsets.UTF_8))
          .forEach(server -> servers.put(server.name(), new Server(server)));
    } catch (IOException e) {
      throw new IllegalStateException(
          "reveille.mcp.servers.file: cannot read " + path + " (" + e + ")", e);
    } catch (IllegalStateException e) {
      throw new IllegalStateException(path + ": " + e.getMessage(), e);
    }
    LOG.info(() -> "MCP servers for agents from " + path + ": " + servers.keySet());
  }

  /** Starts the supervision once the application is up. */
  void onStartup(@Observes Startup event) {
    if (!servers.isEmpty()) {
      supervisor = scheduler.scheduleWithFixedDelay(this::supervise, 0, 1, TimeUnit.SECONDS);
    }
  }

  @PreDestroy
  void stop() {
    var running = supervisor;
    if (running != null) {
      running.cancel(false);
    }
    servers.values().forEach(server -> server.disconnect("the application stops"));
  }

  /** Connects every server that is down and due; rebuilds the registry when tools changed. */
  void supervise() {
    var changed = false;
    for (var server : servers.values()) {
      server.exited().ifPresent(server::broken);
      if (server.client == null && !clock.instant().isBefore(server.nextAttempt)) {
        changed |= server.connect();
      }
    }
    if (changed) {
      try {
        registry.get().refresh();
      } catch (RuntimeException e) {
        LOG.log(Level.WARNING, "The tool registry could not take the MCP servers' tools", e);
      }
    }
  }

  @Override
  public List<ExternalToolDeclaration> declarations(Set<String> taken) {
    var declared = new ArrayList<ExternalToolDeclaration>();
    var names = new java.util.HashSet<>(taken);
    var classifier = externalTools.classifier();
    for (var server : servers.values()) {
      for (var tool : server.tools) {
        if (!server.declaration.takes(tool.name())) {
          continue;
        }
        var name = McpToolCatalogue.contractName(server.declaration.name(), tool.name());
        if (name.isEmpty() || !names.add(name.get())) {
          LOG.warning(
              () ->
                  "MCP tool "
                      + LogText.quoted(tool.name())
                      + " of "
                      + server.declaration.name()
                      + " is left out: its name is not valid in the contract or taken");
          continue;
        }
        var hints = Optional.ofNullable(tool.annotations());
        var sideEffect =
            McpToolCatalogue.classify(
                name.get(),
                Optional.ofNullable(server.declaration.sideEffects().get(tool.name())),
                hints.map(McpSchema.ToolAnnotations::readOnlyHint),
                hints.map(McpSchema.ToolAnnotations::destructiveHint),
                classifier);
        declared.add(
            McpToolCatalogue.declaration(
                server.declaration,
                tool.name(),
                name.get(),
                Optional.ofNullable(tool.description())
                    .or(() -> Optional.ofNullable(tool.title()))
                    .orElse(""),
                McpToolCatalogue.objectSchema(tool.inputSchema()),
                Optional.ofNullable(tool.outputSchema()).map(McpToolCatalogue::objectSchema),
                sideEffect));
      }
    }
    return declared;
  }

  @Override
  public boolean sends(URI uri) {
    return McpToolCatalogue.SCHEME.equals(uri.getScheme()) && servers.containsKey(uri.getHost());
  }

  @Override
  public ExternalExchange send(ExternalRequest request) {
    var server = servers.get(request.uri().getHost());
    var tool = URLDecoder.decode(request.uri().getRawPath().substring(1), StandardCharsets.UTF_8);
    var lookup = McpToolCatalogue.LOOKUP_METHOD.equals(request.method());
    server.exited().ifPresent(server::broken);
    var client = server.client;
    if (client == null) {
      return new ExternalExchange.NotSent(
          "MCP server " + server.declaration.name() + " is not connected: " + server.lastError,
          ExternalExchange.Refusal.CONNECTION);
    }
    Map<String, Object> arguments;
    try {
      arguments = arguments(request);
    } catch (RuntimeException e) {
      return new ExternalExchange.NotSent(
          "the arguments are not a JSON object", ExternalExchange.Refusal.INVALID_REQUEST);
    }
    try {
      var result = call(server, client, new McpSchema.CallToolRequest(tool, arguments));
      var failed = Boolean.TRUE.equals(result.isError());
      return new ExternalExchange.Answered(
          failed ? (lookup ? 404 : 422) : 200, Map.of(), Optional.of(body(result)));
    } catch (McpError refused) {
      return new ExternalExchange.Answered(
          400,
          Map.of(),
          Optional.of(
              JsonDocuments.provider()
                  .createObjectBuilder()
                  .add("error", String.valueOf(refused.getMessage()))
                  .build()));
    } catch (ServerExited exited) {
      server.broken("its process exited during a call");
      return new ExternalExchange.InDoubt("the server's process exited before it answered");
    } catch (RuntimeException e) {
      var cause = McpError.findRootCause(e);
      if (cause instanceof ConnectException) {
        server.broken("could not connect: " + cause.getMessage());
        return new ExternalExchange.NotSent(
            "MCP server " + server.declaration.name() + " could not be reached",
            ExternalExchange.Refusal.CONNECTION);
      }
      var why =
          cause instanceof TimeoutException
              ? "no answer within " + server.declaration.timeoutMillis() + " ms"
              : "the connection failed: " + cause;
      server.broken(why);
      return new ExternalExchange.InDoubt(why);
    }
  }

  /** A stdio server's process exited while a call waited for its answer. */
  private static final class ServerExited extends RuntimeException {
    private static final long serialVersionUID = 1L;
  }

  /**
   * Calls the tool; for a stdio server, gives up as soon as its process exits rather than waiting
   * out the timeout for an answer that cannot come.
   *
   * @throws ServerExited when the process exited first
   */
  private McpSchema.CallToolResult call(
      Server server, McpSyncClient client, McpSchema.CallToolRequest request) {
    var child = server.process;
    if (child.isEmpty()) {
      return client.callTool(request);
    }
    var call = CompletableFuture.supplyAsync(() -> client.callTool(request), scheduler);
    try {
      CompletableFuture.anyOf(call, child.get().onExit()).join();
      if (!call.isDone()) {
        call.cancel(true);
        throw new ServerExited();
      }
      return call.join();
    } catch (CompletionException e) {
      throw e.getCause() instanceof RuntimeException cause ? cause : e;
    }
  }

  /** The call's arguments: its body, or for a lookup the query of its address. */
  private static Map<String, Object> arguments(ExternalRequest request) {
    if (request.body().isPresent()) {
      return McpJson.object(request.body().get());
    }
    var arguments = new LinkedHashMap<String, Object>();
    var query = request.uri().getRawQuery();
    if (query != null) {
      for (var pair : query.split("&")) {
        var at = pair.indexOf('=');
        if (at > 0) {
          arguments.put(
              URLDecoder.decode(pair.substring(0, at), StandardCharsets.UTF_8),
              URLDecoder.decode(pair.substring(at + 1), StandardCharsets.UTF_8));
        }
      }
    }
    return arguments;
  }

  /** A result as the body an external tool's answer has: its structure, or its content. */
  static JsonObject body(McpSchema.CallToolResult result) {
    if (result.structuredContent() instanceof Map<?, ?> structured) {
      return McpToolCatalogue.read(McpJson.write(structured));
    }
    var content = JsonDocuments.provider().createArrayBuilder();
    var text = new StringBuilder();
    for (var item : Optional.ofNullable(result.content()).orElse(List.of())) {
      try (var reader =
          JsonDocuments.provider().createReader(new java.io.StringReader(McpJson.write(item)))) {
        content.add(reader.readValue());
      }
      if (item instanceof McpSchema.TextContent textItem && textItem.text() != null) {
        text.append(text.length() == 0 ? "" : "\n").append(textItem.text());
      }
    }
    return JsonDocuments.provider()
        .createObjectBuilder()
        .add("text", text.toString())
        .add("content", content)
        .build();
  }

  /** One declared server and its connection. */
  private final class Server {
    private final McpServerDeclaration declaration;
    private volatile McpSyncClient client;
    private volatile Optional<ProcessHandle> process = Optional.empty();
    private volatile List<McpSchema.Tool> tools = List.of();
    private volatile Instant nextAttempt = Instant.MIN;
    private volatile String lastError = "not connected yet";
    private Duration backoff = FIRST_BACKOFF;

    Server(McpServerDeclaration declaration) {
      this.declaration = declaration;
    }

    /** Connects and lists the tools; returns whether they changed. */
    synchronized boolean connect() {
      var timeout = Duration.ofMillis(declaration.timeoutMillis());
      try {
        McpSyncClient connected;
        if (declaration.isStdio()) {
          synchronized (STARTING) {
            var before =
                ProcessHandle.current()
                    .children()
                    .map(ProcessHandle::pid)
                    .collect(Collectors.toSet());
            connected = client(stdio(), timeout);
            process =
                ProcessHandle.current()
                    .children()
                    .filter(p -> !before.contains(p.pid()))
                    .findFirst();
          }
        } else {
          connected = client(http(), timeout);
        }
        var listed = connected.listTools().tools();
        client = connected;
        backoff = FIRST_BACKOFF;
        lastError = "connected";
        var changed = !describe(listed).equals(describe(tools));
        tools = List.copyOf(listed);
        LOG.info(
            () ->
                "MCP server "
                    + declaration.name()
                    + " connected with tools "
                    + listed.stream().map(McpSchema.Tool::name).toList());
        return changed;
      } catch (RuntimeException e) {
        var why = String.valueOf(McpError.findRootCause(e));
        // Said once as a warning while the reason stays the same; each further attempt quietly.
        var level = why.equals(lastError) ? Level.FINE : Level.WARNING;
        disconnect(why);
        nextAttempt = clock.instant().plus(backoff);
        LOG.log(
            level,
            () ->
                "MCP server "
                    + declaration.name()
                    + " could not be reached ("
                    + LogText.quoted(why)
                    + "); next attempt in "
                    + backoff.toSeconds()
                    + " s");
        backoff = backoff.multipliedBy(2);
        if (backoff.compareTo(config.maxBackoff()) > 0) {
          backoff = config.maxBackoff();
        }
        return false;
      }
    }

    private McpSyncClient client(McpClientTransport transport, Duration timeout) {
      var built =
          McpClient.sync(transport)
              .requestTimeout(timeout)
              .initializationTimeout(timeout)
              .clientInfo(new McpSchema.Implementation("reveille", "1"))
              .capabilities(McpSchema.ClientCapabilities.builder().build())
              .jsonSchemaValidator(McpJson.VALIDATOR)
              .build();
      try {
        built.initialize();
        return built;
      } catch (RuntimeException e) {
        built.close();
        throw e;
      }
    }

    private McpClientTransport http() {
      var url = declaration.url().orElseThrow();
      return HttpClientStreamableHttpTransport.builder(url.resolve("/").toString())
          .endpoint(url.getRawPath() == null || url.getRawPath().isEmpty() ? "/" : url.getRawPath())
          .jsonMapper(McpJson.MAPPER)
          .connectTimeout(Duration.ofSeconds(5))
          .addHttpRequestCustomizer(
              (builder, method, uri, body, context) ->
                  Templates.headers(declaration.headers(), externalTools::secret)
                      .forEach(builder::header))
          .build();
    }

    private McpClientTransport stdio() {
      var command = new ArrayList<String>();
      var limits = declaration.limits();
      if (limits.any()) {
        command.add("prlimit");
        limits.cpuSeconds().ifPresent(cpu -> command.add("--cpu=" + cpu));
        limits.openFiles().ifPresent(files -> command.add("--nofile=" + files));
        limits.memoryBytes().ifPresent(bytes -> command.add("--as=" + bytes));
        command.add("--");
      }
      command.addAll(declaration.command());
      var parameters =
          ServerParameters.builder(command.get(0))
              .args(command.subList(1, command.size()))
              .env(Templates.headers(declaration.environment(), externalTools::secret))
              .build();
      var directory = declaration.workingDirectory().orElseThrow().toFile();
      var transport =
          new StdioClientTransport(parameters, McpJson.MAPPER) {
            @Override
            protected ProcessBuilder getProcessBuilder() {
              var builder = new ProcessBuilder();
              builder.environment().clear();
              builder.directory(directory);
              return builder;
            }
          };
      transport.setStdErrorHandler(
          line -> LOG.fine(() -> "MCP server " + declaration.name() + ": " + LogText.quoted(line)));
      return transport;
    }

    /** Why a connected stdio server is gone: its process exited; empty while it runs. */
    Optional<String> exited() {
      var child = process;
      return client != null && child.isPresent() && !child.get().isAlive()
          ? Optional.of("its process exited")
          : Optional.empty();
    }

    /** The connection failed under a call: drop it; the supervisor connects again. */
    void broken(String why) {
      disconnect(why);
      nextAttempt = clock.instant();
    }

    synchronized void disconnect(String why) {
      lastError = why;
      var open = client;
      client = null;
      if (open != null) {
        try {
          open.close();
        } catch (RuntimeException e) {
          LOG.log(Level.FINE, "Closing MCP server " + declaration.name() + " failed", e);
        }
      }
      process.ifPresent(
          child -> {
            child.descendants().forEach(ProcessHandle::destroyForcibly);
            child.destroyForcibly();
          });
      process = Optional.empty();
    }

    private static String describe(List<McpSchema.Tool> listed) {
      return listed.stream()
          .map(t -> t.name() + McpJson.write(Optional.ofNullable(t.inputSchema()).orElse(Map.of())))
          .sorted()
          .collect(Collectors.joining("\n"));
    }
  }
}
