package io.reveille.bench.floor;

import jakarta.annotation.Resource;
import jakarta.ejb.MessageDriven;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * The floor of the wake path: a message-driven bean that does exactly the resource work of one wake
 * and nothing else. In one XA transaction it consumes a message, inserts one PostgreSQL row (the
 * message's id and the database's clock) and sends one persistent message on. No parsing, no
 * matching, no run log: what the server, the broker and the database cost when the work is free.
 *
 * <p>Not part of Reveille: the benchmark harness packages this class alone into {@code floor.war}
 * and deploys it beside Reveille in the benchmark's server, on Reveille's data source, connection
 * factory and resource adapter.
 */
@MessageDriven(name = "FloorConsumer")
@TransactionAttribute(TransactionAttributeType.REQUIRED)
public class FloorConsumer implements MessageListener {

  /** The table the harness creates, one row per message consumed. */
  public static final String TABLE = "bench_floor_receipts";

  @Resource(lookup = "jdbc/reveille")
  DataSource dataSource;

  @Override
  public void onMessage(Message message) {
    try {
      var body = message.getBody(String.class);
      try (var connection = dataSource.getConnection();
          var insert =
              connection.prepareStatement(
                  "INSERT INTO " + TABLE + " (id, received_at) VALUES (?, clock_timestamp())")) {
        insert.setString(1, body);
        insert.executeUpdate();
      }
    } catch (JMSException | SQLException e) {
      throw new IllegalStateException("floor consumer failed: " + e.getMessage(), e);
    }
  }
}
