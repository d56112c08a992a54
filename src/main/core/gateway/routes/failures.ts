import type { ErrorCode } from '../../../../shared/contract';
import { StudioFailure } from '../../router/failure';
import { GatewayError } from '../gateway-error';
import { InvalidRequestError } from '../invalid-request';

function codeOf(error: GatewayError): ErrorCode {
  if (error.kind === 'unreachable' || error.kind === 'connection' || error.kind === 'timeout') return 'gateway_unreachable';
  switch (error.knownCase) {
    case 'unauthorized':
    case 'token_not_found':
      return 'unauthorized';
    case 'insufficient_quota':
      return 'insufficient_quota';
    case 'rate_limited':
      return 'rate_limited';
    case 'access_denied':
      return 'forbidden';
    default:
      return 'gateway_error';
  }
}

/** Turns gateway client errors into route errors the renderer can show; anything else passes through. */
export function toStudioFailure(error: unknown): unknown {
  if (error instanceof InvalidRequestError) {
    return new StudioFailure('invalid_input', error.message, { issues: error.issues });
  }
  if (error instanceof GatewayError) {
    const said = error.gatewayMessage && error.gatewayMessage !== error.summary ? ` Gateway said: ${error.gatewayMessage}` : '';
    return new StudioFailure(codeOf(error), `${error.summary}${said}`, error.toDetails());
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
