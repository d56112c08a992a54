import { describe, expect, it } from 'vitest';
import { FaultController, routeMatches } from './faults';

describe('routeMatches', () => {
  it('matches method and path patterns with * wildcards', () => {
    expect(routeMatches(undefined, 'GET', '/v1/models')).toBe(true);
    expect(routeMatches('POST /v1/chat/completions', 'POST', '/v1/chat/completions')).toBe(true);
    expect(routeMatches('POST /v1/chat/completions', 'GET', '/v1/chat/completions')).toBe(false);
    expect(routeMatches('/v1/images/*', 'GET', '/v1/images/generations/task_1')).toBe(true);
    expect(routeMatches('/v1/images/*', 'GET', '/v1/videos/x')).toBe(false);
    expect(routeMatches('get *', 'GET', '/anything')).toBe(true);
    expect(routeMatches('/v1/models', 'GET', '/v1/models/extra')).toBe(false);
    expect(routeMatches('/v1/a.b', 'GET', '/v1/aXb')).toBe(false);
  });
});

describe('FaultController', () => {
  const subject = { method: 'POST', path: '/v1/video/generations', model: 'vid-2' };

  it('consumes counted rules and then forgets them', () => {
    const faults = new FaultController([], () => 0);
    faults.add([{ kind: 'task-failure', count: 2, message: 'boom' }]);
    expect(faults.take('task-failure', subject)?.message).toBe('boom');
    expect(faults.take('task-failure', subject)).toBeDefined();
    expect(faults.take('task-failure', subject)).toBeUndefined();
    expect(faults.list()).toEqual([]);
  });

  it('matches kind, model and the accept filter', () => {
    const faults = new FaultController([], () => 0);
    faults.add([
      { kind: 'slow-download', bytesPerSecond: 10, model: 'vid-2-pro' },
      { kind: 'result-expiry', afterMs: 5 },
      { kind: 'drop-connection', phase: 'after-request-read' },
    ]);
    expect(faults.take('slow-download', subject)).toBeUndefined();
    expect(faults.take('slow-download', { ...subject, model: 'vid-2-pro' })?.bytesPerSecond).toBe(10);
    expect(faults.take('result-expiry', subject)?.afterMs).toBe(5);
    expect(faults.take('drop-connection', subject, (rule) => rule.phase === 'before-request-read')).toBeUndefined();
    expect(faults.take('drop-connection', subject, (rule) => rule.phase === 'after-request-read')).toBeDefined();
  });

  it('applies probabilities with the given random source and reports applied kinds', () => {
    const applied: string[] = [];
    let next = 0.7;
    const faults = new FaultController(
      [{ kind: 'latency', ms: 5, probability: 0.5 }],
      () => next,
      (kind) => applied.push(kind),
    );
    expect(faults.take('latency', subject)).toBeUndefined();
    next = 0.2;
    expect(faults.take('latency', subject)?.ms).toBe(5);
    expect(applied).toEqual(['latency']);
  });

  it('restores the initial rules on reset', () => {
    const faults = new FaultController([{ kind: 'error', status: 500, count: 1 }], () => 0);
    expect(faults.take('error', subject)).toBeDefined();
    expect(faults.take('error', subject)).toBeUndefined();
    faults.reset();
    expect(faults.take('error', subject)?.status).toBe(500);
  });
});
