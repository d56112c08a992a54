import type { Condition } from './types';
import { isRecord } from '../gateway/lenient';

/** A request body on the wire. */
export type WireBody = Record<string, unknown>;

/** Reads a dotted wire path (`metadata.n`). */
export function getPath(body: unknown, path: string): unknown {
  let current: unknown = body;
  for (const part of path.split('.')) {
    if (!isRecord(current)) return undefined;
    current = current[part];
  }
  return current;
}

/** Writes a dotted wire path, creating intermediate objects. */
export function setPath(body: WireBody, path: string, value: unknown): void {
  const parts = path.split('.');
  const last = parts.pop() ?? path;
  let current = body;
  for (const part of parts) {
    const next = current[part];
    if (isRecord(next)) current = next;
    else {
      const created: WireBody = {};
      current[part] = created;
      current = created;
    }
  }
  current[last] = value;
}

/** "Set" for rules: present, not empty text, not an empty list and not `false`. */
export function isSet(value: unknown): boolean {
  if (value === undefined || value === null || value === false) return false;
  if (typeof value === 'string') return value.trim() !== '';
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

/** Evaluates a rule condition on a wire body. `above` compares numbers, or the length of lists. */
export function conditionHolds(body: unknown, condition: Condition): boolean {
  const value = getPath(body, condition.field);
  if ('is' in condition) return isSet(value);
  if ('equals' in condition) return value === condition.equals;
  if (Array.isArray(value)) return value.length > condition.above;
  return typeof value === 'number' && value > condition.above;
}

/** Quotes a value for an error message: strings in quotes, the rest as JSON. */
export function shown(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (value === undefined) return 'nothing';
  const json = JSON.stringify(value);
  return json.length > 60 ? `${json.slice(0, 60)}…` : json;
}

/** Removes a dotted wire path, and parent objects it leaves empty. */
export function deletePath(body: WireBody, path: string): void {
  const parts = path.split('.');
  const last = parts.pop() ?? path;
  const parents: WireBody[] = [body];
  for (const part of parts) {
    const next = parents[parents.length - 1]?.[part];
    if (!isRecord(next)) return;
    parents.push(next);
  }
  Reflect.deleteProperty(parents[parents.length - 1] ?? {}, last);
  for (let i = parents.length - 1; i > 0; i--) {
    const node = parents[i];
    const name = parts[i - 1];
    if (node && name !== undefined && Object.keys(node).length === 0) Reflect.deleteProperty(parents[i - 1] ?? {}, name);
  }
}
