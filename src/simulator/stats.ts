/**
 * Counters the test harness reads through `GET /__admin/stats`: requests per route, response
 * statuses per route, generation submissions per model and applied faults per kind.
 */

/** A copy of the counters at one moment. */
export interface StatsSnapshot {
  /** Requests per route, keyed `METHOD /route/pattern` (e.g. `GET /v1/images/generations/:id`). */
  requests: Record<string, number>;
  /** Response status counts per route key. */
  responses: Record<string, Record<string, number>>;
  /** Accepted generation submissions per model id. */
  submissions: Record<string, number>;
  /** Applied faults per fault kind. */
  faults: Record<string, number>;
  /** Sum of `requests`. */
  totalRequests: number;
  /** Sum of `submissions`. */
  totalSubmissions: number;
}

function bump(map: Record<string, number>, key: string, by = 1): void {
  map[key] = (map[key] ?? 0) + by;
}

/** Mutable recorder shared by every route. */
export class StatsRecorder {
  private requests: Record<string, number> = {};
  private responses: Record<string, Record<string, number>> = {};
  private submissions: Record<string, number> = {};
  private faults: Record<string, number> = {};

  /** Count one request to `routeKey` (`METHOD /pattern`). */
  recordRequest(routeKey: string): void {
    bump(this.requests, routeKey);
  }

  /** Count one response status for `routeKey`. */
  recordResponse(routeKey: string, status: number): void {
    const byStatus = (this.responses[routeKey] ??= {});
    bump(byStatus, String(status));
  }

  /** Count one accepted generation submission (media tasks, text generations). */
  recordSubmission(model: string): void {
    bump(this.submissions, model);
  }

  /** Count one applied fault. */
  recordFault(kind: string): void {
    bump(this.faults, kind);
  }

  /** Requests seen so far for one route key. */
  requestCount(routeKey: string): number {
    return this.requests[routeKey] ?? 0;
  }

  snapshot(): StatsSnapshot {
    const sum = (map: Record<string, number>): number => Object.values(map).reduce((total, value) => total + value, 0);
    return {
      requests: { ...this.requests },
      responses: Object.fromEntries(Object.entries(this.responses).map(([key, value]) => [key, { ...value }])),
      submissions: { ...this.submissions },
      faults: { ...this.faults },
      totalRequests: sum(this.requests),
      totalSubmissions: sum(this.submissions),
    };
  }

  reset(): void {
    this.requests = {};
    this.responses = {};
    this.submissions = {};
    this.faults = {};
  }
}
