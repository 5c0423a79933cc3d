package io.reveille.observability.boundary;

import com.ibm.websphere.logging.hpel.LogRecordContext;

/**
 * The agent id and run key on every log record a wake run writes, whoever writes it (Reveille,
 * Hibernate, the JMS client): Liberty's {@link LogRecordContext} extensions of the running thread,
 * which the JSON log format ({@code reveille.log.format=JSON}) shows as the fields {@code
 * ext_agentId} and {@code ext_runKey}.
 */
public final class RunLogContext implements AutoCloseable {

  static final String AGENT_ID = "agentId";
  static final String RUN_KEY = "runKey";

  private RunLogContext(String agentId, String runKey) {
    LogRecordContext.addExtension(AGENT_ID, agentId);
    LogRecordContext.addExtension(RUN_KEY, runKey);
  }

  /** Until {@link #close()}, the thread's log records carry this run. */
  public static RunLogContext of(String agentId, String runKey) {
    return new RunLogContext(agentId, runKey);
  }

  @Override
  public void close() {
    LogRecordContext.removeExtension(AGENT_ID);
    LogRecordContext.removeExtension(RUN_KEY);
  }
}
