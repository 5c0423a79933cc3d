package io.reveille.bench.floor;

import jakarta.annotation.Resource;
import jakarta.ejb.MessageDriven;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.transaction.UserTransaction;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * The floor of the wake path: a message-driven bean that does exactly the resource work of one wake
 * and nothing else, in the wake's transaction shape. It takes the message outside any transaction,
 * inserts one PostgreSQL row (the message's id and the database's clock) in a JTA transaction of
 * the data source alone (one-phase, as Reveille's intake commits), and returns, upon which the
 * resource adapter acknowledges the message. No parsing, no matching, no run log: what the server,
 * the broker and the database cost when the work is free.
 *
 * <p>Not part of Reveille: the benchmark harness packages this class alone into {@code floor.war}
 * and deploys it beside Reveille in the benchmark's server, on Reveille's data source, connection
 * factory and resource adapter.
 */
@MessageDriven(name = "FloorConsumer")
@TransactionManagement(TransactionManagementType.BEAN)
public class FloorConsumer implements MessageListener {

  /** The table the harness creates, one row per message consumed. */
  public static final String TABLE = "bench_floor_receipts";

  @Resource(lookup = "jdbc/reveille")
  DataSource dataSource;

  @Resource UserTransaction transaction;

  @Override
  public void onMessage(Message message) {
    try {
      var body = message.getBody(String.class);
      transaction.begin();
      try (var connection = dataSource.getConnection();
          var insert =
              connection.prepareStatement(
                  "INSERT INTO " + TABLE + " (id, received_at) VALUES (?, clock_timestamp())")) {
        insert.setString(1, body);
        insert.executeUpdate();
      } catch (SQLException | RuntimeException e) {
        transaction.rollback();
        throw e;
      }
      transaction.commit();
    } catch (JMSException | SQLException e) {
      throw new IllegalStateException("floor consumer failed: " + e.getMessage(), e);
    } catch (jakarta.transaction.SystemException
        | jakarta.transaction.NotSupportedException
        | jakarta.transaction.RollbackException
        | jakarta.transaction.HeuristicMixedException
        | jakarta.transaction.HeuristicRollbackException e) {
      throw new IllegalStateException("floor transaction failed: " + e.getMessage(), e);
    }
  }
}
