import { z } from 'zod';
import type { FieldSpec, VariantEntry } from './types';
import { fieldSchema } from './field-schema';
import { ruleIssues } from './rules';
import { shown, type WireBody } from './wire-path';

/** A node of the nested body shape: leaves are field schemas, inner nodes become objects. */
interface ShapeNode {
  leaves: Map<string, z.ZodType>;
  children: Map<string, ShapeNode>;
}

function newNode(): ShapeNode {
  return { leaves: new Map(), children: new Map() };
}

function insert(root: ShapeNode, path: string, schema: z.ZodType): void {
  const parts = path.split('.');
  const last = parts.pop() ?? path;
  let node = root;
  for (const part of parts) {
    let child = node.children.get(part);
    if (!child) {
      child = newNode();
      node.children.set(part, child);
    }
    node = child;
  }
  node.leaves.set(last, schema);
}

function unknownKeysMessage(entry: VariantEntry, where: string, allowed: readonly string[]) {
  return (issue: { code?: string; keys?: readonly string[] }) => {
    if (issue.code !== 'unrecognized_keys') return undefined;
    const keys = (issue.keys ?? []).map((key) => (where === '' ? key : `${where}.${key}`));
    return `unknown field${keys.length === 1 ? '' : 's'} ${keys.join(', ')} for ${entry.id}; accepted: ${allowed.join(', ')}`;
  };
}

function isOptional(schema: z.ZodType): boolean {
  return schema.safeParse(undefined).success;
}

function build(entry: VariantEntry, node: ShapeNode, where: string): z.ZodType {
  const shape: Record<string, z.ZodType> = Object.fromEntries(node.leaves);
  for (const [name, child] of node.children) {
    const path = where === '' ? name : `${where}.${name}`;
    const schema = build(entry, child, path);
    // A nested object is optional when everything inside it is.
    const allOptional = [...child.leaves.values()].every(isOptional) && child.children.size === 0;
    shape[name] = allOptional ? schema.optional() : schema;
  }
  if (entry.generic) return z.looseObject(shape);
  return z.strictObject(shape, { error: unknownKeysMessage(entry, where, Object.keys(shape)) });
}

function modelSchema(entry: VariantEntry): z.ZodType {
  const models: readonly string[] = entry.modelIds;
  return z.string({ error: () => `model: required, one of ${models.join(', ')}` }).superRefine((model, ctx) => {
    if (!models.includes(model)) {
      ctx.addIssue({ code: 'custom', message: `model: ${entry.id} accepts ${models.join(', ')} (got ${shown(model)})` });
    }
  });
}

function bodyFields(entry: VariantEntry): FieldSpec[] {
  return entry.fields.filter((field) => field.in !== 'path');
}

/**
 * The zod schema of a request body of this variant, for validation in main before anything is
 * sent. Messages name the field and the limit. Unknown fields are rejected (except for generic
 * entries of models the catalog does not know).
 */
export function buildRequestSchema(entry: VariantEntry): z.ZodType<WireBody> {
  const root = newNode();
  insert(root, 'model', modelSchema(entry));
  for (const field of bodyFields(entry)) {
    const schema = fieldSchema(field);
    insert(root, field.key, field.required ? schema : schema.optional());
    if (field.type === 'size' && field.tierKey !== undefined) {
      const tiers = field.tiers.map((tier) => tier.tier);
      const tierSchema = z.string({ error: () => `${field.tierKey ?? ''}: must be one of ${tiers.join(', ')}` }).superRefine((tier, ctx) => {
        if (!tiers.includes(tier)) {
          ctx.addIssue({ code: 'custom', message: `${field.tierKey ?? ''}: must be one of ${tiers.join(', ')} (got ${shown(tier)})` });
        }
      });
      insert(root, field.tierKey, tierSchema.optional());
    }
  }
  for (const [path, value] of Object.entries(entry.fixed ?? {})) {
    insert(root, path, z.literal(value, { error: () => `${path}: must be ${shown(value)} for ${entry.id}` }));
  }
  const schema = build(entry, root, '') as z.ZodType<WireBody>;
  return schema.superRefine((body, ctx) => {
    for (const issue of ruleIssues(entry, body)) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path.split('.') });
    }
  });
}

/** The zod schema of the path parameters of this variant (e.g. `video_id` of remix). */
export function buildPathSchema(entry: VariantEntry): z.ZodType<Record<string, string>> {
  const shape: Record<string, z.ZodType> = {};
  for (const field of entry.fields) {
    if (field.in === 'path') shape[field.key] = fieldSchema(field);
  }
  return z.object(shape) as unknown as z.ZodType<Record<string, string>>;
}
