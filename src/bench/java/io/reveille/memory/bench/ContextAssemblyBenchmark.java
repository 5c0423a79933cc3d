package io.reveille.memory.bench;

import io.reveille.agent.control.AgentService;
import io.reveille.agent.entity.Agent;
import io.reveille.agent.entity.AgentConfig;
import io.reveille.agent.entity.AgentKind;
import io.reveille.agent.entity.AgentMode;
import io.reveille.agent.entity.AgentSlots;
import io.reveille.agent.entity.AgentState;
import io.reveille.memory.control.ExtractiveSummary;
import io.reveille.memory.control.HotContext;
import io.reveille.memory.control.MemoryService;
import io.reveille.memory.entity.AgentMessageKind;
import io.reveille.memory.entity.AgentMessageMetadata;
import io.reveille.memory.entity.AgentReport;
import io.reveille.memory.entity.AgentReportHead;
import io.reveille.memory.entity.ObservationPriority;
import io.reveille.workflow.control.WakeMemory;
import io.reveille.workflow.control.WakeMemory.WakeContext;
import jakarta.persistence.Entity;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import java.io.IOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Calendar;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.Set;
import java.util.TimeZone;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.apache.derby.jdbc.EmbeddedDataSource;
import org.hibernate.cfg.Configuration;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What assembling a wake's context costs as one thread grows from 1,000 to 100,000 messages (the
 * bound: at 100,000 at most 1.2 times the cost at 1,000, the context within its budgets). Run with
 * {@code ./mvnw -Pbench test-compile exec:exec -Dbench.args="ContextAssemblyBenchmark"}
 * (docs/performance.md).
 *
 * <p>Each trial migrates a fresh embedded Derby database with the application's Flyway scripts and
 * fills one session thread with {@code messages} alternating user and assistant turns (one to three
 * sentences each) plus the summaries compaction would have written by then, in the order it would
 * have written them: a first-level summary of every 50 turns once 40 newer turns follow them, and a
 * fold into a cold summary one level deeper each time ten first-level summaries follow the last
 * fold — the shape {@code Compactions} leaves, with {@link ExtractiveSummary}'s texts. The agent
 * also has a report and 60 observations in another thread, so the whole context is assembled.
 *
 * <p>Each invocation reads {@link WakeMemory#context} in its own transaction with a new persistence
 * context, as a wake does: nothing is cached between invocations but Derby's pages and Hibernate's
 * query plans. The beans are the application's own, built with {@code new} and wired by hand as CDI
 * would wire them, with the default budgets (40 hot turns, 8,000 hot tokens, 5 warm summaries,
 * 4,000 summary tokens); the setup checks the assembled context against them.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(1)
public class ContextAssemblyBenchmark {

  static final String AGENT = "agent-bench";
  static final String THREAD = "session-bench";
  static final String OBSERVATION_THREAD = "agent-bench:observations";
  static final int SPAN = 50;
  static final int HOT_MAX_MESSAGES = 40;
  static final int HOT_MAX_TOKENS = 8000;
  static final int WARM_MAX_SUMMARIES = 5;
  static final int SUMMARY_MAX_TOKENS = 4000;
  static final Instant START = Instant.parse("2026-01-05T07:00:00Z");

  @Param({"1000", "100000"})
  int messages;

  private Path directory;
  private String url;
  private EntityManagerFactory factory;
  private EntityManager current;
  private WakeMemory wakeMemory;

  @Setup(Level.Trial)
  public void setUp() throws Exception {
    directory = Files.createTempDirectory("reveille-context-bench-");
    System.setProperty("derby.system.home", directory.toString());
    url = "jdbc:derby:" + directory.resolve("db");
    var dataSource = new EmbeddedDataSource();
    dataSource.setDatabaseName(directory.resolve("db").toString());
    dataSource.setCreateDatabase("create");
    migrate(dataSource);

    factory = entityManagerFactory();
    inTransaction(ContextAssemblyBenchmark::writeAgentAndReport);
    var started = System.nanoTime();
    Instant end;
    try (var connection = DriverManager.getConnection(url)) {
      connection.setAutoCommit(false);
      end = new Filler(connection, new Random(42)).fill(messages);
      // The statistics Derby's own daemon keeps as a table grows, brought up to date now so that
      // the plans do not change while the benchmark measures them.
      try (var statistics =
          connection.prepareCall("CALL SYSCS_UTIL.SYSCS_UPDATE_STATISTICS('APP', ?, NULL)")) {
        for (var table : List.of("AGENT_MESSAGES", "AGENT_MESSAGE_PAYLOADS")) {
          statistics.setString(1, table);
          statistics.execute();
        }
      }
      connection.commit();
    }
    System.out.printf(
        "%n# filled %,d turns (+ summaries and observations) in %,d ms%n",
        messages, (System.nanoTime() - started) / 1_000_000);

    wakeMemory = wire(Clock.fixed(end.plusSeconds(60), ZoneOffset.UTC));
    checkBudgets(inTransaction(em -> wakeMemory.context(AGENT, Optional.of(THREAD))));
  }

  @Benchmark
  public WakeContext context() {
    return inTransaction(em -> wakeMemory.context(AGENT, Optional.of(THREAD)));
  }

  @TearDown(Level.Trial)
  public void tearDown() throws IOException {
    if (factory != null) {
      factory.close();
    }
    try {
      DriverManager.getConnection(url + ";shutdown=true").close();
    } catch (SQLException expected) {
      // Derby reports a database shut down as an exception (SQLState 08006).
    }
    try (var files = Files.walk(directory)) {
      files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
    }
  }

  // ---- wiring

  private <T> T inTransaction(java.util.function.Function<EntityManager, T> work) {
    var em = factory.createEntityManager();
    current = em;
    try {
      em.getTransaction().begin();
      var result = work.apply(em);
      em.getTransaction().commit();
      return result;
    } finally {
      if (em.getTransaction().isActive()) {
        em.getTransaction().rollback();
      }
      current = null;
      em.close();
    }
  }

  /**
   * The beans as CDI wires them: every {@code em} is the transaction's persistence context, as the
   * container's proxy would give it.
   */
  private WakeMemory wire(Clock clock) throws ReflectiveOperationException {
    var em =
        (EntityManager)
            Proxy.newProxyInstance(
                EntityManager.class.getClassLoader(),
                new Class<?>[] {EntityManager.class},
                (proxy, method, args) -> {
                  try {
                    return method.invoke(current, args);
                  } catch (InvocationTargetException e) {
                    throw e.getCause();
                  }
                });
    var agents = new AgentService();
    set(agents, "em", em);
    set(agents, "clock", clock);
    var memory = new MemoryService();
    set(memory, "em", em);
    set(memory, "agents", agents);
    set(memory, "clock", clock);
    var hot = new HotContext();
    set(hot, "em", em);
    call(
        hot,
        "configure",
        new Class<?>[] {int.class, int.class, int.class, int.class},
        HOT_MAX_MESSAGES,
        HOT_MAX_TOKENS,
        WARM_MAX_SUMMARIES,
        SUMMARY_MAX_TOKENS);
    var states = new io.reveille.workingstate.control.WorkingStates();
    set(states, "em", em);
    set(states, "agents", agents);
    set(states, "clock", clock);
    var wake = new WakeMemory();
    set(wake, "workingStates", states);
    set(wake, "memory", memory);
    set(wake, "hot", hot);
    set(wake, "clock", clock);
    call(wake, "configure", new Class<?>[] {String.class}, "P180D");
    return wake;
  }

  private static void set(Object bean, String field, Object value)
      throws ReflectiveOperationException {
    var declared = bean.getClass().getDeclaredField(field);
    declared.setAccessible(true);
    declared.set(bean, value);
  }

  private static void call(Object bean, String name, Class<?>[] types, Object... args)
      throws ReflectiveOperationException {
    var method = bean.getClass().getDeclaredMethod(name, types);
    method.setAccessible(true);
    method.invoke(bean, args);
  }

  /** Flyway as the server runs it at start-up: {@code SchemaMigrator.migrate}, CLOB on Derby. */
  private static void migrate(DataSource dataSource) throws ReflectiveOperationException {
    var migrator = Class.forName("io.reveille.platform.SchemaMigrator");
    var migrate = migrator.getDeclaredMethod("migrate", DataSource.class, String.class);
    migrate.setAccessible(true);
    migrate.invoke(null, dataSource, "CLOB");
  }

  /**
   * Hibernate as the application's persistence unit configures it (every entity, UTC times, no
   * schema generation), resource-local over the benchmark's database.
   */
  private EntityManagerFactory entityManagerFactory() throws IOException, ClassNotFoundException {
    var configuration = new Configuration();
    for (var entity : entities()) {
      configuration.addAnnotatedClass(entity);
    }
    configuration
        .setProperty("hibernate.connection.url", url)
        .setProperty("hibernate.connection.pool_size", "2")
        .setProperty("hibernate.connection.autocommit", "false")
        .setProperty("hibernate.hbm2ddl.auto", "none")
        .setProperty("jakarta.persistence.schema-generation.database.action", "none")
        .setProperty("hibernate.jdbc.time_zone", "UTC")
        .setProperty("hibernate.jdbc.batch_size", "50")
        .setProperty("hibernate.show_sql", "false")
        .setProperty("jakarta.persistence.sharedCache.mode", "NONE");
    return configuration.buildSessionFactory();
  }

  /** Every {@code @Entity} class of the application, found in its classes folder. */
  private static List<Class<?>> entities() throws IOException, ClassNotFoundException {
    var root = Path.of(Agent.class.getProtectionDomain().getCodeSource().getLocation().getPath());
    var entities = new ArrayList<Class<?>>();
    try (Stream<Path> files = Files.walk(root.resolve("io/reveille"))) {
      for (var file : files.filter(path -> path.toString().endsWith(".class")).toList()) {
        var name = root.relativize(file).toString().replace('/', '.');
        var type = Class.forName(name.substring(0, name.length() - ".class".length()));
        if (type.isAnnotationPresent(Entity.class)) {
          entities.add(type);
        }
      }
    }
    if (entities.size() < 20) {
      throw new IllegalStateException("only " + entities.size() + " entities found under " + root);
    }
    return entities;
  }

  private static Void writeAgentAndReport(EntityManager em) {
    var agent =
        new Agent(
            AGENT,
            AgentKind.CUSTOM,
            "Weekly planner",
            AgentMode.HYBRID,
            Set.of("gym", "work"),
            AgentConfig.empty(),
            START.minusSeconds(3600));
    agent.activate(START.minusSeconds(3600));
    em.persist(agent);
    em.persist(new AgentState("state-bench", AGENT, AgentSlots.empty(), START.minusSeconds(3600)));
    var report =
        new AgentReport(
            "report-bench",
            AGENT,
            MemoryService.DEFAULT_REPORT_SCOPE,
            Filler.REPORT,
            0.8,
            null,
            START.minusSeconds(1800));
    em.persist(report);
    em.persist(
        new AgentReportHead(
            "head-bench",
            AGENT,
            MemoryService.DEFAULT_REPORT_SCOPE,
            report.getId(),
            START.minusSeconds(1800)));
    return null;
  }

  // ---- the budgets

  private void checkBudgets(WakeContext context) {
    var thread = context.thread().orElseThrow();
    var hot = thread.hot();
    var summaries = thread.summaries();
    var deepest = summaries.cold().map(HotContext.Summary::depth).orElse(0);
    System.out.printf(
        "# budgets at %,d messages: hot %d turns (max %d), %d tokens (max %d), left out: %s;"
            + " summaries: cold depth %d (%d tokens) + %d warm, %d tokens (max %d), left out: %s;"
            + " report: %s, observations: %d%n",
        messages,
        hot.turns().size(),
        HOT_MAX_MESSAGES,
        hot.tokens(),
        HOT_MAX_TOKENS,
        hot.leftOut(),
        deepest,
        summaries.cold().map(HotContext.Summary::tokensApprox).orElse(0),
        summaries.warm().size(),
        summaries.tokens(),
        SUMMARY_MAX_TOKENS,
        summaries.leftOut(),
        context.report().isPresent(),
        context.observations().size());
    require(hot.turns().size() <= HOT_MAX_MESSAGES, "hot turns within the message budget");
    require(hot.tokens() <= HOT_MAX_TOKENS, "hot tokens within the token budget");
    require(hot.leftOut(), "older turns left out of the hot layer");
    require(summaries.tokens() <= SUMMARY_MAX_TOKENS, "summaries within the summary budget");
    require(summaries.cold().isPresent(), "a cold summary");
    require(deepest == Filler.folds(messages) + 1, "the cold summary is the deepest fold");
    require(!summaries.warm().isEmpty(), "warm summaries after the cold one");
    require(context.report().isPresent(), "the report");
    require(context.observations().size() == Filler.OBSERVATIONS, "every observation");
  }

  private static void require(boolean holds, String what) {
    if (!holds) {
      throw new IllegalStateException("Context assembly broke its budget: " + what);
    }
  }

  // ---- the data

  /**
   * Writes the log as the application would have: one agent-wide chain of messages with strictly
   * increasing times, each text in a payload row, batched.
   */
  static final class Filler {

    static final int OBSERVATIONS = 60;
    static final int BATCH = 1000;

    static final String REPORT =
        """
        # This week

        - Gym on Monday, Wednesday and Saturday; Wednesday moved to the evening.
        - The quarterly report is due on Friday; the figures are in, the summary is not.
        - Groceries for the weekend are planned; the dentist is on Thursday at 09:30.

        ## Open

        - Book the team offsite venue before the end of the month.
        - Renew the passport: the appointment is not booked yet.
        """;

    private static final List<String> TOPICS =
        List.of(
            "gym session",
            "quarterly report",
            "grocery run",
            "dentist appointment",
            "reading list",
            "running plan",
            "tax return",
            "team offsite",
            "passport renewal",
            "weekly review");
    private static final List<String> ASKS =
        List.of(
            "Can you move the %s to day %d?",
            "I finished the %s earlier than expected.",
            "What is left on my list for the %s?",
            "Remind me about the %s on day %d in the morning.",
            "The %s took longer than planned, about %d minutes.",
            "Please put the %s before lunch on day %d.");
    private static final List<String> ANSWERS =
        List.of(
            "Done: the %s is now on day %d.",
            "Noted, I logged the %s with %d minutes.",
            "Three items remain for the %s, the first due on day %d.",
            "I will remind you about the %s on day %d at 08:00.",
            "The %s is marked done; your week has %d open items left.",
            "I moved the %s to day %d, before lunch.");
    private static final List<String> MORE =
        List.of(
            "It should not clash with work.",
            "Keep the rest of the week as it is.",
            "Nothing else on that day conflicts with it.",
            "The evening slot is still free if that suits you better.",
            "I am a bit behind this week, so keep it short.",
            "Tell me if you want it repeated every week.");

    private final PreparedStatement message;
    private final PreparedStatement payload;
    private final Connection connection;
    private final Random random;
    private final Calendar utc = Calendar.getInstance(TimeZone.getTimeZone("UTC"));
    private final String metadata = AgentMessageMetadata.empty().toStored();
    private Instant time = START;
    private String previous;
    private int pending;

    Filler(Connection connection, Random random) throws SQLException {
      this.connection = connection;
      this.random = random;
      message =
          connection.prepareStatement(
              "INSERT INTO agent_messages (id, agent_id, thread_id, message_kind, created_at,"
                  + " prev_message_id, content_entry_id, summary_start_message_id,"
                  + " summary_end_message_id, summary_depth, tokens_approx, metadata,"
                  + " observation_priority) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
      payload =
          connection.prepareStatement(
              "INSERT INTO agent_message_payloads (id, agent_id, message_id, content_type,"
                  + " content, created_at) VALUES (?, ?, ?, 'text/plain', ?, ?)");
    }

    /** How many folds compaction has written by the time {@code turns} turns are in the thread. */
    static int folds(int turns) {
      var summaries = Math.max(0, (turns - HOT_MAX_MESSAGES) / SPAN);
      return summaries < 2 * WARM_MAX_SUMMARIES
          ? 0
          : (summaries - 2 * WARM_MAX_SUMMARIES) / WARM_MAX_SUMMARIES + 1;
    }

    /** Writes {@code turns} turns and what compaction made of them; returns the last time. */
    Instant fill(int turns) throws SQLException {
      var thread = new ArrayList<HotContext.Turn>(turns);
      var firstLevel = new ArrayList<HotContext.Summary>();
      HotContext.Summary cold = null;
      var unfoldedFrom = 0;
      for (var i = 0; i < turns; i++) {
        var kind = i % 2 == 0 ? AgentMessageKind.USER : AgentMessageKind.ASSISTANT;
        var text = turn(kind, i);
        var id = String.format("msg-%07d", i);
        write(id, THREAD, kind, text, null, null, 0, null);
        thread.add(new HotContext.Turn(id, kind, time, tokens(kind, text), text));
        // Compaction's rule: the next span of turns once a hot layer's worth follows it.
        var span = firstLevel.size();
        if (i + 1 >= (span + 1) * SPAN + HOT_MAX_MESSAGES) {
          var turnsOfSpan = thread.subList(span * SPAN, (span + 1) * SPAN);
          var summary =
              summary(
                  String.format("sum-1-%05d", span),
                  turnsOfSpan.get(0).messageId(),
                  turnsOfSpan.get(SPAN - 1).messageId(),
                  1,
                  ExtractiveSummary.of(turnsOfSpan));
          firstLevel.add(summary);
          // ... and a fold once twice the warm layer follows the cold summary.
          if (firstLevel.size() - unfoldedFrom == 2 * WARM_MAX_SUMMARIES) {
            var texts = new ArrayList<String>();
            if (cold != null) {
              texts.add(cold.text());
            }
            var folded = firstLevel.subList(unfoldedFrom, unfoldedFrom + WARM_MAX_SUMMARIES);
            folded.forEach(s -> texts.add(s.text()));
            var last = folded.get(WARM_MAX_SUMMARIES - 1);
            var until = thread.get((firstLevel.indexOf(last) + 1) * SPAN - 1).createdAt();
            cold =
                summary(
                    String.format("sum-f-%05d", unfoldedFrom / WARM_MAX_SUMMARIES),
                    cold == null ? folded.get(0).messageId() : cold.messageId(),
                    last.messageId(),
                    cold == null ? 2 : cold.depth() + 1,
                    ExtractiveSummary.fold(texts, until));
            unfoldedFrom += WARM_MAX_SUMMARIES;
          }
        }
      }
      for (var i = 0; i < OBSERVATIONS; i++) {
        var priority =
            i % 12 == 0
                ? ObservationPriority.CRITICAL
                : i % 4 == 0 ? ObservationPriority.NOTABLE : ObservationPriority.ROUTINE;
        var text =
            String.format(
                "Task %d of the %s changed status to %s.",
                i, pick(TOPICS), i % 3 == 0 ? "done" : "in progress");
        write(
            String.format("obs-%04d", i),
            OBSERVATION_THREAD,
            AgentMessageKind.OBSERVATION,
            text,
            null,
            null,
            0,
            priority.wire());
      }
      flush();
      try (var head =
          connection.prepareStatement(
              "UPDATE agent_states SET recent_head_message_id = ? WHERE agent_id = ?")) {
        head.setString(1, previous);
        head.setString(2, AGENT);
        head.executeUpdate();
      }
      connection.commit();
      return time;
    }

    private HotContext.Summary summary(String id, String start, String end, int depth, String text)
        throws SQLException {
      write(id, THREAD, AgentMessageKind.SUMMARY, text, start, end, depth, null);
      return new HotContext.Summary(
          id, time, depth, start, end, tokens(AgentMessageKind.SUMMARY, text), text);
    }

    /** A quarter of the characters, as the application estimates (a summary at least 1). */
    private static int tokens(AgentMessageKind kind, String text) {
      return kind == AgentMessageKind.SUMMARY ? Math.max(1, text.length() / 4) : text.length() / 4;
    }

    private void write(
        String id,
        String threadId,
        AgentMessageKind kind,
        String text,
        String start,
        String end,
        int depth,
        String priority)
        throws SQLException {
      time = time.plus(Duration.ofSeconds(7));
      var at = Timestamp.from(time);
      var payloadId = "p-" + id;
      message.setString(1, id);
      message.setString(2, AGENT);
      message.setString(3, threadId);
      message.setString(4, kind.wire());
      message.setTimestamp(5, at, utc);
      message.setString(6, previous);
      message.setString(7, payloadId);
      message.setString(8, start);
      message.setString(9, end);
      message.setInt(10, depth);
      message.setInt(11, tokens(kind, text));
      message.setString(12, metadata);
      message.setString(13, priority);
      message.addBatch();
      payload.setString(1, payloadId);
      payload.setString(2, AGENT);
      payload.setString(3, id);
      payload.setString(4, text);
      payload.setTimestamp(5, at, utc);
      payload.addBatch();
      previous = id;
      if (++pending == BATCH) {
        flush();
      }
    }

    private void flush() throws SQLException {
      message.executeBatch();
      payload.executeBatch();
      connection.commit();
      pending = 0;
    }

    private String turn(AgentMessageKind kind, int i) {
      var text =
          new StringBuilder(
              String.format(
                  pick(kind == AgentMessageKind.USER ? ASKS : ANSWERS),
                  pick(TOPICS),
                  1 + random.nextInt(i / 10 + 7)));
      for (var extra = random.nextInt(3); extra > 0; extra--) {
        text.append(' ').append(pick(MORE));
      }
      return text.toString();
    }

    private String pick(List<String> choices) {
      return choices.get(random.nextInt(choices.size()));
    }
  }
}
