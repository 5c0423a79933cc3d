package io.reveille.messaging.broker;

import jakarta.resource.spi.ActivationSpec;
import jakarta.resource.spi.BootstrapContext;
import jakarta.resource.spi.ResourceAdapterInternalException;
import java.nio.file.Path;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.transaction.xa.XAResource;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.server.JournalType;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;
import org.apache.activemq.artemis.ra.ActiveMQResourceAdapter;
import org.apache.activemq.artemis.service.extensions.xa.recovery.ActiveMQXAResourceWrapper;
import org.apache.activemq.artemis.service.extensions.xa.recovery.XARecoveryConfig;

/**
 * The Artemis resource adapter, optionally hosting the broker it connects to.
 *
 * <p>Why here and not in the application: the resource adapter's lifecycle brackets every
 * application on the server, so the broker is up before any message-driven bean activates and goes
 * down only after all of them have deactivated. A broker started by the application itself would
 * stop before its MDBs and hang the undeploy.
 *
 * <p>The embedded broker requires a login ({@link BrokerUsers}): Reveille's own connections use the
 * adapter's user and password (configured, or both generated on the first start), an external
 * producer its own login that may only send notification batches to {@code reveille.notifications}.
 * Reveille's own batches travel on {@code reveille.own-notifications}, where only Reveille's login
 * may send: that is how the consumer tells them apart, whatever the protocol of the sender.
 *
 * <p>Reveille's own login is configured as {@code ServerUser} / {@code ServerPassword}, and the
 * inherited {@code UserName} / {@code Password} bean properties are hidden from Liberty ({@link
 * EmbeddedBrokerResourceAdapterBeanInfo}): Liberty fills every activation spec property the spec
 * has not configured from the adapter's property of the same name, and Artemis's activation spec
 * has a {@code password}. A copy there would be printed, in clear, by any FFDC incident that dumps
 * a message endpoint. Left empty, the spec answers the adapter's login when it connects.
 *
 * <p>With {@code embeddedBroker=false} this is the plain Artemis adapter and connects to the
 * external broker named by the usual connector properties. The broker policy (dead-letter
 * addresses, redelivery, duplicate detection) lives here, in broker configuration, mirroring what
 * an external broker's {@code broker.xml} must declare (see docs/operations.md).
 *
 * <p>Packaged into the .rar only; the application never loads this class.
 */
public class EmbeddedBrokerResourceAdapter extends ActiveMQResourceAdapter {

  private static final long serialVersionUID = 1L;
  private static final Logger LOG = Logger.getLogger(EmbeddedBrokerResourceAdapter.class.getName());

  static final String NOTIFICATIONS = "reveille.notifications";
  static final String OWN_NOTIFICATIONS = "reveille.own-notifications";
  static final String NOTIFICATIONS_DLQ = "reveille.notifications.DLQ";
  static final String WAKES = "reveille.wakes";
  static final String WAKES_DLQ = "reveille.wakes.DLQ";
  static final String SYNC_OUTBOUND = "reveille.sync.outbound";
  static final String SYNC_INBOUND = "reveille.sync.inbound";
  static final String SYNC_INBOUND_DLQ = "reveille.sync.inbound.DLQ";
  static final String DLQ = "DLQ";
  static final String EXPIRY = "ExpiryQueue";

  private Boolean embeddedBroker = Boolean.TRUE;
  private String embeddedBrokerHost = "127.0.0.1";
  private Integer embeddedBrokerPort = 61616;
  private String embeddedBrokerDataDirectory = "artemis-data";
  private Integer maxDeliveryAttempts = 10;
  private Long redeliveryDelayMillis = 1000L;
  private Double redeliveryMultiplier = 2.0;
  private Long maxRedeliveryDelayMillis = 60_000L;
  private Integer duplicateIdCacheSize = 20000;
  private Long maxMessageBytes = BrokerLimits.DEFAULT_MAX_MESSAGE_BYTES;
  private Long notificationsMaxSizeBytes = BrokerLimits.DEFAULT_NOTIFICATIONS_MAX_SIZE_BYTES;
  private Long maxSizeBytes = BrokerLimits.DEFAULT_MAX_SIZE_BYTES;
  private String producerUser = "";
  private String producerPassword = "";
  private String syncUser = "";
  private String syncPassword = "";

  private transient EmbeddedActiveMQ broker;
  private transient ActiveMQXAResourceWrapper recovery;
  private transient XAResource recoveryResource;

  @Override
  public void start(BootstrapContext ctx) throws ResourceAdapterInternalException {
    if (Boolean.TRUE.equals(embeddedBroker)) {
      settleServerLogin();
      startBroker();
    }
    super.start(ctx);
  }

  /**
   * The embedded broker requires a login. Reveille's own connections (every connection factory and
   * activation spec without credentials of its own falls back to the adapter's) use the configured
   * user and password, or a generated user name and password kept beside the broker's data.
   */
  private void settleServerLogin() throws ResourceAdapterInternalException {
    var dataDir = Path.of(embeddedBrokerDataDirectory).toAbsolutePath();
    if (isBlank(getUserName())) {
      var file = dataDir.resolve("server-user");
      try {
        setUserName(ServerCredentials.userIn(file));
      } catch (java.io.IOException e) {
        throw new ResourceAdapterInternalException(
            "cannot keep the embedded broker's server user in " + file + ": " + e.getMessage(), e);
      }
    }
    if (isBlank(getPassword())) {
      var file = dataDir.resolve("server-password");
      try {
        setPassword(ServerCredentials.passwordIn(file));
      } catch (java.io.IOException e) {
        throw new ResourceAdapterInternalException(
            "cannot keep the embedded broker's server password in " + file + ": " + e.getMessage(),
            e);
      }
    } else if (getPassword().length() < ServerCredentials.MIN_LENGTH) {
      throw new ResourceAdapterInternalException(
          "reveille.broker.password must have at least "
              + ServerCredentials.MIN_LENGTH
              + " characters");
    }
  }

  private BrokerUsers users() throws ResourceAdapterInternalException {
    var users = new BrokerUsers().add(getUserName(), getPassword(), BrokerUsers.SERVER_ROLE);
    if (!isBlank(producerUser)) {
      if (isBlank(producerPassword) || producerPassword.length() < ServerCredentials.MIN_LENGTH) {
        throw new ResourceAdapterInternalException(
            "reveille.broker.producer.password must be set, with at least "
                + ServerCredentials.MIN_LENGTH
                + " characters, when reveille.broker.producer.user is");
      }
      if (producerUser.equals(getUserName())) {
        throw new ResourceAdapterInternalException(
            "reveille.broker.producer.user must differ from the server's broker user");
      }
      users.add(producerUser, producerPassword, BrokerUsers.PRODUCER_ROLE);
    }
    if (!isBlank(syncUser)) {
      if (isBlank(syncPassword) || syncPassword.length() < ServerCredentials.MIN_LENGTH) {
        throw new ResourceAdapterInternalException(
            "reveille.broker.sync.password must be set, with at least "
                + ServerCredentials.MIN_LENGTH
                + " characters, when reveille.broker.sync.user is");
      }
      if (syncUser.equals(getUserName()) || syncUser.equals(producerUser)) {
        throw new ResourceAdapterInternalException(
            "reveille.broker.sync.user must differ from the server's and the producer's broker users");
      }
      users.add(syncUser, syncPassword, BrokerUsers.SYNC_ROLE);
    }
    return users;
  }

  private static boolean isBlank(String value) {
    return value == null || value.isBlank();
  }

  /**
   * The XA resource through which Liberty's transaction manager resolves the broker's in-doubt
   * branches of message-driven transactions after a crash.
   *
   * <p>Liberty asks for exactly one resource per activation spec of its recovery log and resolves
   * no recovered transaction at all — not even their database branches, whose locks then block the
   * application — until every such resource answers. Artemis' own answer is null (it expects an
   * application server with Artemis' recovery registry, such as WildFly), which would leave every
   * transaction a crash interrupted in doubt forever. So this answers, for every spec, with one
   * resource on the adapter's recovery connection factory (registered when the adapter starts),
   * which connects on first use and reconnects after a failure; while the adapter has not started,
   * it answers with none, and Liberty asks again. Liberty only resolves branches of its own earlier
   * runs through it, never those of live transactions. It is handed out at arm's length ({@link
   * ArmsLengthXAResource}): the transaction manager's incidents about a recovered branch dump it,
   * and its session keeps the broker password.
   */
  @Override
  public XAResource[] getXAResources(ActivationSpec[] specs) {
    var configs = getRecoveryManager().getResources().toArray(new XARecoveryConfig[0]);
    if (configs.length == 0) {
      return new XAResource[0];
    }
    synchronized (this) {
      if (recovery == null) {
        recovery = new ActiveMQXAResourceWrapper(configs);
        recoveryResource = new ArmsLengthXAResource(recovery);
      }
      return new XAResource[] {recoveryResource};
    }
  }

  @Override
  public void stop() {
    try {
      synchronized (this) {
        if (recovery != null) {
          recovery.close();
          recovery = null;
          recoveryResource = null;
        }
      }
      super.stop();
    } finally {
      stopBroker();
    }
  }

  private synchronized void startBroker() throws ResourceAdapterInternalException {
    if (broker != null) {
      return;
    }
    var acceptor = "tcp://" + embeddedBrokerHost + ":" + embeddedBrokerPort;
    var dataDir = Path.of(embeddedBrokerDataDirectory).toAbsolutePath();
    try {
      var started = new EmbeddedActiveMQ();
      started.setConfiguration(brokerConfiguration(acceptor, dataDir));
      started.setSecurityManager(users());
      started.start();
      broker = started;
      LOG.log(
          Level.INFO,
          "Embedded Artemis broker listening on {0}, data in {1}",
          new Object[] {acceptor, dataDir});
    } catch (Exception e) {
      throw new ResourceAdapterInternalException(
          "Embedded Artemis broker failed to start on " + acceptor + ": " + e.getMessage(), e);
    }
  }

  private synchronized void stopBroker() {
    if (broker == null) {
      return;
    }
    try {
      broker.stop();
    } catch (Exception e) {
      LOG.log(Level.WARNING, "Embedded Artemis broker did not stop cleanly", e);
    } finally {
      broker = null;
    }
  }

  Configuration brokerConfiguration(String acceptor, Path dataDir) throws Exception {
    var config =
        new ConfigurationImpl()
            .setName("reveille-embedded")
            .setPersistenceEnabled(true)
            .setSecurityEnabled(true)
            // Messages carry the login that sent them (JMSXUserID), for the operator's logs. Not
            // for trust: an AMQP sender writes its own (properties.user-id), which the broker
            // keeps.
            // Which batches are Reveille's is settled by the queue only its login may send to.
            .setPopulateValidatedUser(true)
            .setJMXManagementEnabled(false)
            .setJournalType(JournalType.NIO)
            .setJournalDirectory(dataDir.resolve("journal").toString())
            .setBindingsDirectory(dataDir.resolve("bindings").toString())
            .setPagingDirectory(dataDir.resolve("paging").toString())
            .setLargeMessagesDirectory(dataDir.resolve("large-messages").toString())
            .setNodeManagerLockDirectory(dataDir.toString())
            .setIDCacheSize(duplicateIdCacheSize)
            .setPersistIDCache(true);
    config.addAcceptorConfiguration("tcp", acceptor);
    // The catch-all policy of a stock broker.xml: anything not configured below dead-letters to
    // DLQ.
    config.addQueueConfiguration(QueueConfiguration.of(DLQ).setRoutingType(RoutingType.ANYCAST));
    config.addQueueConfiguration(QueueConfiguration.of(EXPIRY).setRoutingType(RoutingType.ANYCAST));
    config.addAddressSetting(
        "#",
        new AddressSettings()
            .setDeadLetterAddress(SimpleString.of(DLQ))
            .setExpiryAddress(SimpleString.of(EXPIRY))
            .setMaxDeliveryAttempts(maxDeliveryAttempts));
    queue(config, NOTIFICATIONS, NOTIFICATIONS_DLQ);
    // Reveille's own batches: the same dead letters (declaring that queue again only updates it),
    // and, not named in the permissions, sent to by Reveille's own login alone.
    queue(config, OWN_NOTIFICATIONS, NOTIFICATIONS_DLQ);
    queue(config, WAKES, WAKES_DLQ);
    // Multi-site sync: the records this site sends wait on the outbound queue for the operator's
    // bridge; the peers' records arrive on the inbound one, which only Reveille's login and the
    // sites' sync login may send to.
    config.addQueueConfiguration(
        QueueConfiguration.of(SYNC_OUTBOUND).setRoutingType(RoutingType.ANYCAST));
    queue(config, SYNC_INBOUND, SYNC_INBOUND_DLQ);
    new BrokerLimits(maxMessageBytes, notificationsMaxSizeBytes, maxSizeBytes)
        .applyTo(config, NOTIFICATIONS, WAKES);
    config.setSecurityRoles(BrokerUsers.permissions(NOTIFICATIONS, SYNC_INBOUND));
    return config;
  }

  private void queue(Configuration config, String name, String deadLetter) {
    config.addQueueConfiguration(QueueConfiguration.of(name).setRoutingType(RoutingType.ANYCAST));
    config.addQueueConfiguration(
        QueueConfiguration.of(deadLetter).setRoutingType(RoutingType.ANYCAST));
    config.addAddressSetting(
        name,
        new AddressSettings()
            .setDeadLetterAddress(SimpleString.of(deadLetter))
            .setMaxDeliveryAttempts(maxDeliveryAttempts)
            // Backing off: a delivery that fails because the database is away comes back after 1,
            // 2, 4 … s (at most a minute), so an outage of minutes dead-letters nothing.
            .setRedeliveryDelay(redeliveryDelayMillis)
            .setRedeliveryMultiplier(redeliveryMultiplier)
            .setMaxRedeliveryDelay(maxRedeliveryDelayMillis)
            .setAutoCreateDeadLetterResources(false));
  }

  /** Reveille's own broker login; empty for a generated one on the embedded broker. */
  public String getServerUser() {
    return getUserName();
  }

  public void setServerUser(String serverUser) {
    setUserName(serverUser);
  }

  /**
   * Reveille's own broker password; empty for a generated one on the embedded broker. Write-only,
   * so that no configuration step can read it back off the adapter and copy it elsewhere.
   */
  public void setServerPassword(String serverPassword) {
    setPassword(serverPassword);
  }

  public Boolean getEmbeddedBroker() {
    return embeddedBroker;
  }

  public void setEmbeddedBroker(Boolean embeddedBroker) {
    this.embeddedBroker = embeddedBroker;
  }

  public String getEmbeddedBrokerHost() {
    return embeddedBrokerHost;
  }

  public void setEmbeddedBrokerHost(String embeddedBrokerHost) {
    this.embeddedBrokerHost = embeddedBrokerHost;
  }

  public Integer getEmbeddedBrokerPort() {
    return embeddedBrokerPort;
  }

  public void setEmbeddedBrokerPort(Integer embeddedBrokerPort) {
    this.embeddedBrokerPort = embeddedBrokerPort;
  }

  public String getEmbeddedBrokerDataDirectory() {
    return embeddedBrokerDataDirectory;
  }

  public void setEmbeddedBrokerDataDirectory(String embeddedBrokerDataDirectory) {
    this.embeddedBrokerDataDirectory = embeddedBrokerDataDirectory;
  }

  public Integer getMaxDeliveryAttempts() {
    return maxDeliveryAttempts;
  }

  public void setMaxDeliveryAttempts(Integer maxDeliveryAttempts) {
    this.maxDeliveryAttempts = maxDeliveryAttempts;
  }

  public Long getRedeliveryDelayMillis() {
    return redeliveryDelayMillis;
  }

  public void setRedeliveryDelayMillis(Long redeliveryDelayMillis) {
    this.redeliveryDelayMillis = redeliveryDelayMillis;
  }

  public Double getRedeliveryMultiplier() {
    return redeliveryMultiplier;
  }

  public void setRedeliveryMultiplier(Double redeliveryMultiplier) {
    this.redeliveryMultiplier = redeliveryMultiplier;
  }

  public Long getMaxRedeliveryDelayMillis() {
    return maxRedeliveryDelayMillis;
  }

  public void setMaxRedeliveryDelayMillis(Long maxRedeliveryDelayMillis) {
    this.maxRedeliveryDelayMillis = maxRedeliveryDelayMillis;
  }

  public Long getMaxMessageBytes() {
    return maxMessageBytes;
  }

  public void setMaxMessageBytes(Long maxMessageBytes) {
    this.maxMessageBytes = maxMessageBytes;
  }

  public Long getNotificationsMaxSizeBytes() {
    return notificationsMaxSizeBytes;
  }

  public void setNotificationsMaxSizeBytes(Long notificationsMaxSizeBytes) {
    this.notificationsMaxSizeBytes = notificationsMaxSizeBytes;
  }

  public Long getMaxSizeBytes() {
    return maxSizeBytes;
  }

  public void setMaxSizeBytes(Long maxSizeBytes) {
    this.maxSizeBytes = maxSizeBytes;
  }

  public String getProducerUser() {
    return producerUser;
  }

  public void setProducerUser(String producerUser) {
    this.producerUser = producerUser;
  }

  public String getProducerPassword() {
    return producerPassword;
  }

  public void setProducerPassword(String producerPassword) {
    this.producerPassword = producerPassword;
  }

  /** The login of the peer sites' broker bridges; empty for none. */
  public String getSyncUser() {
    return syncUser;
  }

  public void setSyncUser(String syncUser) {
    this.syncUser = syncUser;
  }

  public String getSyncPassword() {
    return syncPassword;
  }

  public void setSyncPassword(String syncPassword) {
    this.syncPassword = syncPassword;
  }

  public Integer getDuplicateIdCacheSize() {
    return duplicateIdCacheSize;
  }

  public void setDuplicateIdCacheSize(Integer duplicateIdCacheSize) {
    this.duplicateIdCacheSize = duplicateIdCacheSize;
  }
}
