package io.reveille.tool.control.scope;

import io.reveille.tool.control.PreparedCall;
import io.reveille.tool.control.ToolErrorCode;
import io.reveille.tool.control.ToolFailure;
import io.reveille.tool.control.external.ExternalToolHandler;
import io.reveille.tool.control.ledger.LedgerEvidence;
import io.reveille.wake.control.Jobs;
import io.reveille.wake.entity.WakeReason;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.Optional;

/**
 * The constraints of the job a run serves, enforced on each of its calls before the call runs: a
 * forbidden tool is refused, an external tool may reach only the allowed domains, and — when the
 * job says so — an external action the agent already made successfully is not made again. A run
 * that is no job (only an operator's runs can be) passes untouched.
 */
@ApplicationScoped
public class JobConstraints {

  @Inject Jobs jobs;
  @Inject LedgerEvidence ledger;

  /** The constraint {@code call} breaks, if any. */
  public Optional<ToolFailure> refusal(PreparedCall call) {
    if (call.runKey().isEmpty() || call.invocation().wakeReason() != WakeReason.MANUAL) {
      return Optional.empty();
    }
    var job = jobs.of(call.runKey().get());
    if (job.isEmpty()) {
      return Optional.empty();
    }
    var constraints = job.get().spec().constraints();
    if (constraints.forbiddenActions().contains(call.toolName())) {
      return Optional.of(
          new ToolFailure(
              ToolErrorCode.FORBIDDEN_ACTION,
              "the job forbids " + call.toolName() + " (constraints.forbiddenActions)"));
    }
    if (!(call.definition().handler() instanceof ExternalToolHandler external)) {
      return Optional.empty();
    }
    var host = external.declaration().host(call.arguments());
    if (!constraints.allowedDomains().isEmpty()
        && (host.isEmpty() || !constraints.allowsHost(host.get()))) {
      return Optional.of(
          new ToolFailure(
              ToolErrorCode.DOMAIN_NOT_ALLOWED,
              call.toolName()
                  + " would reach "
                  + host.orElse("a host its URL does not name")
                  + "; the job allows only "
                  + String.join(", ", constraints.allowedDomains())
                  + " (constraints.allowedDomains)"));
    }
    if (constraints.noDuplicateExternalActions()
        && external.declaration().sideEffect().isMutating()) {
      var earlier =
          ledger.earlierExternalCall(
              call.agentId(), call.toolName(), call.argumentsHash(), call.ledgerKey());
      if (earlier.isPresent()) {
        return Optional.of(
            new ToolFailure(
                ToolErrorCode.DUPLICATE_EXTERNAL_ACTION,
                call.toolName()
                    + " with these arguments was made before and took effect or may have (call "
                    + earlier.get()
                    + "); the job forbids repeating it (constraints.noDuplicateExternalActions)"));
      }
    }
    return Optional.empty();
  }
}
