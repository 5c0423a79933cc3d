package io.reveille.bench.peers;

import io.reveille.bench.Percentiles;
import io.reveille.bench.floor.FloorConsumer;
import io.reveille.cluster.Postgres;
import jakarta.jms.ConnectionFactory;
import jakarta.jms.JMSContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import org.jboss.shrinkwrap.api.ShrinkWrap;
import org.jboss.shrinkwrap.api.asset.StringAsset;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * The floor of the wake path: {@link FloorConsumer}, a plain message-driven bean doing one wake's
 * resource work in the intake's transaction shape (a consume outside any transaction, one
 * PostgreSQL insert committed one-phase, then the acknowledgement: a wake's run happens inside its
 * intake and sends nothing on), deployed into the running Reveille server beside Reveille: the
 * harness writes {@code floor.war} and a configuration drop-in declaring its queues, its activation
 * spec (as many sessions as Reveille's message-driven beans) and the application; the server picks
 * both up while it runs. Loaded with the same senders and measured from the send until the row's
 * database time.
 */
final class Floor {

  static final String IN = "bench.floor.in";
  private static final String LABEL = "Floor MDB (consume, one-phase insert, acknowledge)";

  private static final String BINDINGS =
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <ejb-jar-bnd xmlns="http://websphere.ibm.com/xml/ns/javaee" version="1.2">
        <message-driven name="FloorConsumer">
          <jca-adapter activation-spec-binding-name="floor/FloorConsumer"
                       destination-binding-name="jms/floor/in"/>
        </message-driven>
      </ejb-jar-bnd>
      """;

  private static final String CONFIG =
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <server>
        <jmsQueue id="floorInQueue" jndiName="jms/floor/in">
          <properties.artemis address="%s"/>
        </jmsQueue>
        <jmsActivationSpec id="floor/FloorConsumer">
          <properties.artemis destinationRef="floorInQueue" destinationType="jakarta.jms.Queue"
                              useJNDI="true" maxSession="${reveille.mdb.max.sessions}"
                              setupAttempts="-1" setupInterval="2000"/>
        </jmsActivationSpec>
        <webApplication id="floor" name="floor" location="%s"/>
      </server>
      """;

  private Floor() {}

  /**
   * Creates the floor's table in {@code url}, writes {@code floor.war} into {@code work} and the
   * drop-in into {@code serverDirectory}, then waits until a probe message has gone through.
   */
  static void deploy(Path serverDirectory, Path work, String url, ConnectionFactory factory)
      throws IOException, SQLException {
    try (var connection = DriverManager.getConnection(url, Postgres.USER, Postgres.PASSWORD);
        var statement = connection.createStatement()) {
      statement.execute(
          "CREATE TABLE IF NOT EXISTS "
              + FloorConsumer.TABLE
              + " (id VARCHAR(100) PRIMARY KEY, received_at TIMESTAMPTZ NOT NULL)");
    }
    var war = work.resolve("floor.war");
    ShrinkWrap.create(WebArchive.class, "floor.war")
        .addClass(FloorConsumer.class)
        .addAsWebInfResource(new StringAsset(BINDINGS), "ibm-ejb-jar-bnd.xml")
        .as(ZipExporter.class)
        .exportTo(war.toFile(), true);
    var dropins = serverDirectory.resolve("configDropins").resolve("overrides");
    Files.createDirectories(dropins);
    Files.writeString(
        dropins.resolve("floor.xml"), String.format(CONFIG, IN, war.toAbsolutePath()));
    try (var context = factory.createContext(JMSContext.AUTO_ACKNOWLEDGE)) {
      context.createProducer().send(context.createQueue(IN), "floor-probe");
    }
    Pause.until(
        "Floor deployed (probe received)",
        () -> received(url, "floor-probe"),
        1,
        Duration.ofMinutes(3));
    System.out.println("Floor: deployed");
  }

  /**
   * Sends {@code count} messages to the floor ({@code rate} per second, or as fast as the senders
   * go at 0), waits until every one is in the table and reads when each arrived.
   */
  static WakeLoad load(
      ConnectionFactory factory,
      ExecutorService pool,
      String url,
      String phase,
      String label,
      int count,
      int rate)
      throws Exception {
    var prefix = "floor-" + phase + "-";
    var sentAt = new ConcurrentHashMap<String, Long>();
    var startMillis = System.currentTimeMillis();
    var sending =
        WakePath.send(factory, pool, IN, phase, prefix, count, rate, (id, k) -> id, sentAt);
    Pause.until(
        "Floor " + phase + " messages received",
        () -> received(url, prefix),
        count,
        Duration.ofMinutes(20));
    var latencies = new ArrayList<Long>();
    var last = startMillis;
    try (var connection = DriverManager.getConnection(url, Postgres.USER, Postgres.PASSWORD);
        var statement =
            connection.prepareStatement(
                "SELECT id, (EXTRACT(EPOCH FROM received_at) * 1000)::BIGINT FROM "
                    + FloorConsumer.TABLE
                    + " WHERE id LIKE ?")) {
      statement.setString(1, prefix + "%");
      try (var rows = statement.executeQuery()) {
        while (rows.next()) {
          var received = rows.getLong(2);
          last = Math.max(last, received);
          latencies.add(received - sentAt.get(rows.getString(1)));
        }
      }
    }
    var load =
        new WakeLoad(
            LABEL + ", " + label,
            count,
            sending,
            count,
            count,
            Duration.ofMillis(last - startMillis),
            new Percentiles(latencies));
    System.out.println(load.row());
    return load;
  }

  /** How many messages whose id starts with {@code prefix} the floor has taken in. */
  private static long received(String url, String prefix) {
    return WakePath.count(
        url, "SELECT count(*) FROM " + FloorConsumer.TABLE + " WHERE id LIKE ?", prefix);
  }
}
