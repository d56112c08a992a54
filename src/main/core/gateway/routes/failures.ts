import type { ErrorParams, ErrorReason, StudioError } from '../../../../shared/contract';
import { StudioFailure } from '../../router/failure';
import { GatewayError } from '../gateway-error';
import { InvalidRequestError } from '../invalid-request';
import { connectionCauseOf } from '../connection-test';

/** The reason of a gateway failure, which decides its code and how the window words it. */
function reasonOf(error: GatewayError): ErrorReason {
  if (error.kind === 'unreachable' || error.kind === 'connection' || error.kind === 'timeout') return 'gateway_unreachable';
  switch (error.knownCase) {
    case 'unauthorized':
    case 'token_not_found':
      return 'gateway_key_rejected';
    case 'insufficient_quota':
      return 'gateway_quota';
    case 'rate_limited':
      return 'gateway_rate_limited';
    case 'access_denied':
      return 'gateway_access_denied';
    default:
      return 'gateway_error';
  }
}

/** What the wording of a gateway failure needs: the case, how it failed, the status, the wait asked for. */
function paramsOf(error: GatewayError): ErrorParams {
  return {
    case: error.knownCase ?? null,
    cause: connectionCauseOf(error) ?? null,
    kind: error.kind,
    status: error.status ?? null,
    retryAfterSeconds: error.retryAfterMs === undefined ? null : Math.ceil(error.retryAfterMs / 1000),
  };
}

/** Turns gateway client errors into route errors the renderer can word; anything else passes through. */
export function toStudioFailure(error: unknown): unknown {
  if (error instanceof InvalidRequestError) {
    // A refusal with a reason of its own (a refused file) is worded whole by it, in each language.
    if (error.wording) return StudioFailure.of(error.wording.reason, error.wording.params);
    return StudioFailure.of(
      'invalid_request',
      { target: error.target },
      {
        message: error.message,
        issues: error.issues.map((issue) => ({
          path: issue.path === '' ? [] : issue.path.split('.'),
          message: issue.message,
          ...(issue.code === undefined ? {} : { code: issue.code, params: issue.params }),
        })),
      },
    );
  }
  if (error instanceof GatewayError) {
    const said = error.gatewayMessage && error.gatewayMessage !== error.summary ? ` Gateway said: ${error.gatewayMessage}` : '';
    return StudioFailure.of(reasonOf(error), paramsOf(error), {
      message: `${error.summary}${said}`,
      // Only answers carry the gateway's own words; transport failures carry our description of them.
      gatewayMessage: error.kind === 'http' || error.kind === 'account' ? error.gatewayMessage : undefined,
    });
  }
  return error;
}

/** Runs a route body, answering gateway failures as typed route errors. */
export async function withGatewayFailures<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw toStudioFailure(error);
  }
}

/** A gateway client error as the contract's error, for callers outside the router (the command line). */
export function studioErrorOf(error: unknown): StudioError {
  const failure = toStudioFailure(error);
  if (failure instanceof StudioFailure) return failure.toError();
  return { code: 'internal', message: failure instanceof Error ? failure.message : String(failure) };
}
