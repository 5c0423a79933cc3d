package io.reveille.platform.error;

import jakarta.ejb.ApplicationException;

/** A state machine asked to make a move it does not allow (lifecycle, run or ledger status). */
@ApplicationException(rollback = true)
public class IllegalTransitionException extends ConflictException {

  private static final long serialVersionUID = 1L;

  private final String from;
  private final String to;

  public IllegalTransitionException(String subject, String from, String to) {
    super(subject + " cannot move from " + from + " to " + to);
    this.from = from;
    this.to = to;
  }

  public String getFrom() {
    return from;
  }

  public String getTo() {
    return to;
  }
}
