package io.reveille.wake.boundary;

import io.opentelemetry.api.trace.SpanKind;
import io.reveille.messaging.DeadLetters;
import io.reveille.messaging.JmsBodies;
import io.reveille.observability.boundary.RunLogContext;
import io.reveille.observability.control.Tracing;
import io.reveille.platform.LogText;
import io.reveille.wake.control.WakeRunner;
import jakarta.annotation.Resource;
import jakarta.ejb.MessageDriven;
import jakarta.ejb.TransactionAttribute;
import jakarta.ejb.TransactionAttributeType;
import jakarta.inject.Inject;
import jakarta.jms.JMSException;
import jakarta.jms.Message;
import jakarta.jms.MessageListener;
import jakarta.jms.Queue;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Takes wake jobs off {@code reveille.wakes} and hands the run key to {@link WakeRunner}. A job
 * that is not a wake job document is dead-lettered with its reason; any other failure is thrown, so
 * the broker redelivers it (a crash mid-run is re-run under the same key). Bound to its activation
 * spec in {@code WEB-INF/ibm-ejb-jar-bnd.xml}.
 *
 * <p>The delivery holds no transaction: the run log is the source of truth from the moment the
 * run's <em>begin</em> commits, and each step of the run commits on its own. The broker counts the
 * job delivered when the run returns; a run longer than any transaction timeout is therefore never
 * redelivered for it, and a slow model ties up no transaction. If the JVM dies mid-run the job is
 * unacknowledged and comes back, which <em>begin</em> takes as a restart of the same run.
 */
@MessageDriven(name = "WakeConsumer")
@TransactionAttribute(TransactionAttributeType.NOT_SUPPORTED)
public class WakeConsumer implements MessageListener {

  private static final Logger LOG = Logger.getLogger(WakeConsumer.class.getName());

  @Inject WakeRunner runner;
  @Inject DeadLetters deadLetters;
  @Inject Tracing tracing;

  @Resource(lookup = "jms/reveille/wakesDLQ")
  Queue deadLetterQueue;

  @Override
  public void onMessage(Message message) {
    try {
      var body = JmsBodies.text(message);
      WakeJobs.Job job;
      try {
        job = WakeJobs.parse(body.orElse(null));
      } catch (IllegalArgumentException e) {
        LOG.log(
            Level.WARNING,
            "Wake message {0} dead-lettered: {1}",
            new Object[] {
              LogText.quoted(message.getJMSMessageID()), LogText.quoted(e.getMessage())
            });
        deadLetters.send(deadLetterQueue, message, body.orElse(null), e.getMessage());
        return;
      }
      run(message, job);
    } catch (JMSException e) {
      throw new IllegalStateException("Cannot read wake message: " + e.getMessage(), e);
    }
  }

  /**
   * The run, in a span continuing the trace the job's message carries (its cause's), every log
   * record it writes carrying its agent id and run key.
   */
  private void run(Message message, WakeJobs.Job job) {
    var span =
        tracing.start(
            "reveille.wake run",
            SpanKind.CONSUMER,
            tracing.extract(name -> JmsBodies.stringProperty(message, name)));
    span.setAttribute(Tracing.AGENT_ID, job.agentId()).setAttribute(Tracing.RUN_KEY, job.runKey());
    Tracing.within(
        span,
        () -> {
          try (var logContext = RunLogContext.of(job.agentId(), job.runKey())) {
            runner.run(job.runKey(), job.agentId());
          }
        });
  }
}
