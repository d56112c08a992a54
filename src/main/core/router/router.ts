import type { z } from 'zod';
import {
  isRouteName,
  routes,
  type Envelope,
  type RouteName,
  type RouteOutput,
  type Routes,
  type StudioError,
} from '../../../shared/contract';
import { StudioFailure } from './failure';
import { createLogger } from '../log';

const log = createLogger('router');

/** A service function behind one route: receives validated input, returns the output or throws a StudioFailure. */
export type RouteHandler<R extends RouteName> = (
  input: z.output<Routes[R]['input']>,
) => Promise<RouteOutput<R>> | RouteOutput<R>;

export type RouteHandlers = { [R in RouteName]: RouteHandler<R> };

/** The one router in main. Both transports call `dispatch`; invalid input never reaches a service. */
export interface Router {
  dispatch(route: string, rawInput: unknown): Promise<Envelope<unknown>>;
}

export function createRouter(handlers: RouteHandlers): Router {
  return {
    async dispatch(route, rawInput) {
      if (!isRouteName(route)) {
        return fail({ code: 'unknown_route', message: `There is no route named "${route}".` });
      }
      let parsed: z.ZodSafeParseResult<unknown>;
      try {
        parsed = routes[route].input.safeParse(rawInput ?? {});
      } catch (err) {
        // Input no schema can read (a transport may carry values JSON cannot): refused, not a crash.
        log.warn(`route ${route}: unreadable input`, err);
        return fail({ code: 'invalid_input', message: 'The input could not be read.' });
      }
      if (!parsed.success) {
        return fail({
          code: 'invalid_input',
          message: parsed.error.issues.map(describeIssue).join('; '),
          details: parsed.error.issues.map((i) => ({ path: i.path.map(String), message: i.message })),
        });
      }
      try {
        const handler = handlers[route] as (input: unknown) => unknown;
        const value = await handler(parsed.data);
        return { ok: true, value: routes[route].output.parse(value) };
      } catch (err) {
        if (err instanceof StudioFailure) return fail(err.toError());
        log.error(`route ${route} failed`, err);
        return fail({ code: 'internal', message: 'Something went wrong inside the studio. The details are in the log.' });
      }
    },
  };
}

function fail(error: StudioError): Envelope<never> {
  return { ok: false, error };
}

function describeIssue(issue: z.core.$ZodIssue): string {
  const where = issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : '';
  return `${where}${issue.message}`;
}
