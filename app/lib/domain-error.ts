/**
 * A refusal by a domain module that its caller acts on: `code` to branch on (a route maps it to a status),
 * `message` for people. Each module names its own codes: `class HoldError extends DomainError<"not-found" | …> {}`.
 */
export class DomainError<Code extends string> extends Error {
  constructor(
    readonly code: Code,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}
