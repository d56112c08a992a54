import type { ErrorCode, StudioError } from '../../../shared/contract';

/** Thrown by services to answer a route with a typed error; the router turns it into the envelope. */
export class StudioFailure extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'StudioFailure';
  }

  toError(): StudioError {
    return this.details === undefined
      ? { code: this.code, message: this.message }
      : { code: this.code, message: this.message, details: this.details };
  }
}
