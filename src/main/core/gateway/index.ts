/**
 * The gateway client of the main process. Start from `GatewayService.active()` (the gateway in
 * use) or build a `GatewayClient` for a known connection; every failure is a `GatewayError`
 * (from the wire) or an `InvalidRequestError` (refused locally, nothing sent).
 */
export { GatewayClient, type GatewayClientOptions } from './client';
export { GatewayService, type ActiveGateway, type GatewayServiceOptions } from './gateway-service';
export { GatewayError, isGatewayError, type GatewayErrorKind, type GatewayErrorBodyShape } from './gateway-error';
export { InvalidRequestError, type RequestIssue } from './invalid-request';
export type { GatewayConnection, GatewayTimeouts, GatewayRequest, JsonAnswer, StreamAnswer } from './http';
export type { RetryMode, RetryPolicy } from './retry-policy';
export type { Balance, CreatedToken } from './account';
export type { CallOptions, MessagesOptions } from './text';
export { collectText, type TextStreamEvent } from './text-streams';
export type { PreparedRequest, SubmitResult, SubmitOptions, DirectImage } from './generation';
export type { ContentDownload } from './tasks';
export { uploadReferences, type LocalReference, type PreparedReferences } from './references';
export { inspectImageFile, type ImageFacts, type UploadedImage, type UploadOptions } from './uploads';
export { MemoryUploadCache, type UploadCache, type UploadCacheEntry } from './upload-cache';
