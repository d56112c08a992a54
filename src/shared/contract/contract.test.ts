import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorCodes, events, routeNamePattern, routes } from './index';

describe('studio contract', () => {
  it('names every route domain.verb_noun', () => {
    const bad = Object.keys(routes).filter((name) => !routeNamePattern.test(name));
    expect(bad).toEqual([]);
  });

  it('names every event domain.something', () => {
    expect(Object.keys(events).filter((name) => !/^[a-z]+\.[a-z_]+$/.test(name))).toEqual([]);
  });

  it('has one list of distinct error codes', () => {
    expect(new Set(errorCodes).size).toBe(errorCodes.length);
  });

  it('never declares an API key in any output', () => {
    const outputs = Object.values(routes).map((r) => JSON.stringify(z.toJSONSchema(r.output, { unrepresentable: 'any' })));
    expect(outputs.join('\n')).not.toMatch(/apiKey|api_key/);
  });
});
