import type { z } from 'zod';
import type { ErrorCode, ErrorParams, InputIssue } from './errors';

/** A request/response pair of the studio contract; validated at runtime by the router in main. */
export interface RouteDefinition<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  readonly input: I;
  readonly output: O;
}

/** Declares a route. Names are `domain.verb_noun` and come from the key under which it is registered. */
export function defineRoute<I extends z.ZodType, O extends z.ZodType>(def: { input: I; output: O }): RouteDefinition<I, O> {
  return def;
}

/** An event main pushes to the renderer. */
export interface EventDefinition<P extends z.ZodType = z.ZodType> {
  readonly payload: P;
}

export function defineEvent<P extends z.ZodType>(payload: P): EventDefinition<P> {
  return { payload };
}

/**
 * The error half of the envelope: a code from the one shared list, and what the wording needs
 * (`reason`, `params`, the gateway's own text, field issues). `message` is the English wording,
 * for logs, the command line and callers that predate reasons. Word it with `wordError`.
 */
export interface StudioError {
  code: ErrorCode;
  message: string;
  /** A key of `errorReasons`; absent on errors that only carry a code. */
  reason?: string | undefined;
  params?: ErrorParams | undefined;
  /** The gateway's own text, shown as it came (often Chinese). */
  gatewayMessage?: string | undefined;
  issues?: InputIssue[] | undefined;
}

/** Every route answers with this envelope; errors are data, never thrown across the boundary. */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: StudioError };
