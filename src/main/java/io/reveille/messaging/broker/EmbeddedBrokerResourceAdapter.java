package io.reveille.messaging.broker;

import jakarta.resource.spi.BootstrapContext;
import jakarta.resource.spi.ResourceAdapterInternalException;
import java.nio.file.Path;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.apache.activemq.artemis.api.core.QueueConfiguration;
import org.apache.activemq.artemis.api.core.RoutingType;
import org.apache.activemq.artemis.api.core.SimpleString;
import org.apache.activemq.artemis.core.config.Configuration;
import org.apache.activemq.artemis.core.config.impl.ConfigurationImpl;
import org.apache.activemq.artemis.core.server.JournalType;
import org.apache.activemq.artemis.core.server.embedded.EmbeddedActiveMQ;
import org.apache.activemq.artemis.core.settings.impl.AddressSettings;
import org.apache.activemq.artemis.ra.ActiveMQResourceAdapter;

/**
 * The Artemis resource adapter, optionally hosting the broker it connects to.
 *
 * <p>Why here and not in the application: the resource adapter's lifecycle brackets every
 * application on the server, so the broker is up before any message-driven bean activates and goes
 * down only after all of them have deactivated. A broker started by the application itself would
 * stop before its MDBs and hang the undeploy.
 *
 * <p>With {@code embeddedBroker=false} this is the plain Artemis adapter and connects to the
 * external broker named by the usual connector properties. The broker policy (dead-letter
 * addresses, redelivery, duplicate detection) lives here, in broker configuration, mirroring what
 * an external broker's {@code broker.xml} must declare (see README).
 *
 * <p>Packaged into the .rar only; the application never loads this class.
 */
public class EmbeddedBrokerResourceAdapter extends ActiveMQResourceAdapter {

  private static final long serialVersionUID = 1L;
  private static final Logger LOG = Logger.getLogger(EmbeddedBrokerResourceAdapter.class.getName());

  static final String NOTIFICATIONS = "reveille.notifications";
  static final String NOTIFICATIONS_DLQ = "reveille.notifications.DLQ";
  static final String WAKES = "reveille.wakes";
  static final String WAKES_DLQ = "reveille.wakes.DLQ";
  static final String DLQ = "DLQ";
  static final String EXPIRY = "ExpiryQueue";

  private Boolean embeddedBroker = Boolean.TRUE;
  private String embeddedBrokerHost = "127.0.0.1";
  private Integer embeddedBrokerPort = 61616;
  private String embeddedBrokerDataDirectory = "artemis-data";
  private Integer maxDeliveryAttempts = 5;
  private Long redeliveryDelayMillis = 1000L;
  private Integer duplicateIdCacheSize = 20000;

  private transient EmbeddedActiveMQ broker;

  @Override
  public void start(BootstrapContext ctx) throws ResourceAdapterInternalException {
    if (Boolean.TRUE.equals(embeddedBroker)) {
      startBroker();
    }
    super.start(ctx);
  }

  @Override
  public void stop() {
    try {
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
            .setSecurityEnabled(false)
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
    queue(config, WAKES, WAKES_DLQ);
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
            .setRedeliveryDelay(redeliveryDelayMillis)
            .setAutoCreateDeadLetterResources(false));
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

  public Integer getDuplicateIdCacheSize() {
    return duplicateIdCacheSize;
  }

  public void setDuplicateIdCacheSize(Integer duplicateIdCacheSize) {
    this.duplicateIdCacheSize = duplicateIdCacheSize;
  }
}
