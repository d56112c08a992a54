import { z } from 'zod';
import type { FieldSpec, VariantEntry } from './types';
import { fieldSchema } from './field-schema';
import type { ProblemCode } from './request-problems';
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
  return entry.generic ? z.looseObject(shape) : z.strictObject(shape);
}

/** A constraint as a coded issue (read back by `request-check`). */
function finding(ctx: z.RefinementCtx, code: ProblemCode, params: Record<string, string>): void {
  ctx.addIssue({ code: 'custom', message: code, params: { finding: { code, params } } });
}

function modelSchema(entry: VariantEntry): z.ZodType {
  const models: readonly string[] = entry.modelIds;
  return z.string().superRefine((model, ctx) => {
    if (!models.includes(model)) finding(ctx, 'wrong_model', { value: shown(model), allowed: models.join(', ') });
  });
}

function bodyFields(entry: VariantEntry): FieldSpec[] {
  return entry.fields.filter((field) => field.in !== 'path');
}

/**
 * The zod schema of a request body of this variant: each field's type and limits. Unknown fields
 * are rejected (except for generic entries of models the catalog does not know). Cross-field
 * rules are `rules.ts`; `checkRequest` runs both.
 */
export function buildRequestSchema(entry: VariantEntry): z.ZodType<WireBody> {
  const root = newNode();
  insert(root, 'model', modelSchema(entry));
  for (const field of bodyFields(entry)) {
    const schema = fieldSchema(field);
    insert(root, field.key, field.required ? schema : schema.optional());
    if (field.type === 'size' && field.tierKey !== undefined) {
      const tiers = field.tiers.map((tier) => tier.tier);
      const tierSchema = z.string().superRefine((tier, ctx) => {
        if (!tiers.includes(tier)) finding(ctx, 'tier_not_allowed', { value: shown(tier), allowed: tiers.join(', ') });
      });
      insert(root, field.tierKey, tierSchema.optional());
    }
  }
  for (const [path, value] of Object.entries(entry.fixed ?? {})) {
    insert(root, path, z.literal(value));
  }
  return build(entry, root, '') as z.ZodType<WireBody>;
}

/** The zod schema of the path parameters of this variant (e.g. `video_id` of remix). */
export function buildPathSchema(entry: VariantEntry): z.ZodType<Record<string, string>> {
  const shape: Record<string, z.ZodType> = {};
  for (const field of entry.fields) {
    if (field.in === 'path') shape[field.key] = fieldSchema(field);
  }
  return z.object(shape) as unknown as z.ZodType<Record<string, string>>;
}
