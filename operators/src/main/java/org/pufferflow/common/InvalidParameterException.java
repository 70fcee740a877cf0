package org.pufferflow.common;

/**
 * A precondition failure of a public parameter, thrown by {@link PufferPreconditions} and
 * {@link ModelPreconditions}: it carries the parameter's id as a field, so a caller (the configuration loader)
 * maps the failure to where the parameter came from by {@link #parameter()}, never by the message text. The message
 * is the user-visible line ({@code "<name> = <value>: <reason>"}) and may be reworded freely.
 *
 * <p>{@link #parameter()} is the parameter's <em>id</em>: a constant owned by the builder or factory that checks
 * it ({@code PolicyGraphParameters.RADIUS}, {@code LedgerParameters.PERIOD_BUDGET}), stable, and separate from the
 * label the message shows ({@code "utility radius r"}), so a label can be reworded without moving the error. A
 * check given only a name uses that name as the id. A name may carry subscripts ({@code "edges[3]"},
 * {@code "transition[1][2]"}): the id is then the name before the first subscript and {@link #index()} the first
 * subscript (−1 when there is none).
 */
public final class InvalidParameterException extends IllegalArgumentException {

  private static final long serialVersionUID = 1L;

  private final String parameter;
  private final int index;
  private final String reason;

  /**
   * @param name the parameter's name as the check was given it, possibly with subscripts; never null
   * @param message the full user-visible message
   * @param reason why the value is refused (the message without the name and value)
   */
  public InvalidParameterException(String name, String message, String reason) {
    this(null, name, message, reason);
  }

  /**
   * @param id the parameter's id (a constant of the builder that checks it); null: the name before its subscripts
   * @param name the name as the check was given it (the label the message shows), possibly with subscripts
   * @param message the full user-visible message
   * @param reason why the value is refused (the message without the name and value)
   */
  public InvalidParameterException(String id, String name, String message, String reason) {
    super(message);
    int bracket = name.indexOf('[');
    this.parameter = id != null ? id : bracket < 0 ? name : name.substring(0, bracket);
    this.index = bracket < 0 ? -1 : subscript(name, bracket);
    this.reason = reason;
  }

  private static int subscript(String name, int bracket) {
    int end = name.indexOf(']', bracket);
    try {
      return end < 0 ? -1 : Integer.parseInt(name.substring(bracket + 1, end));
    } catch (NumberFormatException e) {
      return -1;
    }
  }

  /** The parameter's id (class comment): a constant of the builder or factory that refused it. */
  public String parameter() {
    return parameter;
  }

  /** The first subscript of the checked name ({@code 3} for {@code edges[3]}), or −1. */
  public int index() {
    return index;
  }

  /** Why the value is refused. */
  public String reason() {
    return reason;
  }
}
