import type { z } from 'zod';
import {
  isRouteName,
  routes,
  type Envelope,
  type RouteName,
  type RouteOutput,
  type Routes,
  type ErrorParams,
  type InputIssue,
  type StudioError,
  wordIssue,
} from '../../../shared/contract';
import { StudioFailure } from './failure';
import { createLogger } from '../log';

const log = createLogger('router');

/** A service function behind one route: receives validated input, returns the output or throws a StudioFailure. */
type RouteHandler<R extends RouteName> = (input: z.output<Routes[R]['input']>) => Promise<RouteOutput<R>> | RouteOutput<R>;

export type RouteHandlers = { [R in RouteName]: RouteHandler<R> };

/** The one router in main. Both transports call `dispatch`; invalid input never reaches a service. */
export interface Router {
  dispatch(route: string, rawInput: unknown): Promise<Envelope<unknown>>;
}

export function createRouter(handlers: RouteHandlers): Router {
  return {
    async dispatch(route, rawInput) {
      if (!isRouteName(route)) {
        return fail(StudioFailure.of('unknown_route', { route }).toError());
      }
      let parsed: z.ZodSafeParseResult<unknown>;
      try {
        parsed = routes[route].input.safeParse(rawInput ?? {});
      } catch (err) {
        // Input no schema can read (a transport may carry values JSON cannot): refused, not a crash.
        log.warn(`route ${route}: unreadable input`, err);
        return fail(StudioFailure.of('input_unreadable').toError());
      }
      if (!parsed.success) {
        return fail({
          code: 'invalid_input',
          message: parsed.error.issues.map(describeIssue).join('; '),
          reason: 'invalid_fields',
          params: {},
          issues: parsed.error.issues.map(toInputIssue),
        });
      }
      try {
        const handler = handlers[route] as (input: unknown) => unknown;
        const value = await handler(parsed.data);
        return { ok: true, value: routes[route].output.parse(value) };
      } catch (err) {
        if (err instanceof StudioFailure) return fail(err.toError());
        log.error(`route ${route} failed`, err);
        return fail(StudioFailure.of('internal').toError());
      }
    },
  };
}

function fail(error: StudioError): Envelope<never> {
  return { ok: false, error };
}

/** A validator issue as it crosses the contract: where, the message, and the limits that word it. */
function toInputIssue(issue: z.core.$ZodIssue): InputIssue {
  const params: ErrorParams = {};
  const raw = issue as unknown as Record<string, unknown>;
  for (const name of ['minimum', 'maximum', 'origin', 'format', 'expected']) {
    const value = raw[name];
    if (typeof value === 'number' || typeof value === 'string') params[name] = value;
    if (typeof value === 'bigint') params[name] = Number(value);
  }
  return { path: issue.path.map(String), message: issue.message, code: issue.code, params };
}

/** An issue in English for the error's message (logs, the command line); ours carry a key. */
function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
  return `${where}${wordIssue(toInputIssue(issue), 'en')}`;
}
