import { errorReasons, reasonWords, type ErrorCode, type ErrorParams, type ErrorReason, type InputIssue, type StudioError } from '../../../shared/contract';
import { sayInEnglish } from '../../../shared/i18n/locales';

/** What a failure may carry besides its reason and parameters. */
export interface FailureExtras {
  /** Another code than the reason's own (a refusal of the engine can be `not_found` or `conflict`). */
  code?: ErrorCode;
  gatewayMessage?: string | undefined;
  issues?: InputIssue[];
  /** The English message, where callers and logs need more than the reason's summary. */
  message?: string;
}

/** Thrown by services to answer a route with a typed error; the router turns it into the envelope. */
export class StudioFailure extends Error {
  reason: ErrorReason | undefined;
  params: ErrorParams | undefined;
  gatewayMessage: string | undefined;
  issues: InputIssue[] | undefined;

  /** A failure with only a code and an English message; prefer `StudioFailure.of`, which the renderer can word. */
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StudioFailure';
  }

  /** A failure for a known reason: the code and the English message come from `errorReasons`. */
  static of(reason: ErrorReason, params: ErrorParams = {}, extras: FailureExtras = {}): StudioFailure {
    const definition = errorReasons[reason];
    const failure = new StudioFailure(extras.code ?? definition.code, extras.message ?? sayInEnglish(reasonWords(reason, params)));
    failure.reason = reason;
    failure.params = params;
    failure.gatewayMessage = extras.gatewayMessage;
    failure.issues = extras.issues;
    return failure;
  }

  toError(): StudioError {
    return {
      code: this.code,
      message: this.message,
      ...(this.reason === undefined ? {} : { reason: this.reason, params: this.params ?? {} }),
      ...(this.gatewayMessage === undefined ? {} : { gatewayMessage: this.gatewayMessage }),
      ...(this.issues === undefined ? {} : { issues: this.issues }),
    };
  }
}
