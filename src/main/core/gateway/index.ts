/**
 * The gateway client of the main process. Start from `GatewayService.active()` (the gateway in
 * use) or build a `GatewayClient` for a known connection; every failure is a `GatewayError`
 * (from the wire) or an `InvalidRequestError` (refused locally, nothing sent).
 */
export { GatewayError } from './gateway-error';
export { InvalidRequestError } from './invalid-request';
