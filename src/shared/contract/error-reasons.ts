import { failureKindWords, gatewayCaseWords, isGatewayErrorCase, isGatewayFailureKind } from '../gateway/error-cases';
import { isTemplateProblem } from '../batch/template';
import { message, type Words } from '../i18n/translate';
import type { ErrorCode, ErrorParams } from './errors';
import { jobReasons, type ReasonEntry } from './job-reasons';
import { connectionCauseWords, isConnectionCause } from './connection-causes';

/** A parameter as text; a missing one reads as an empty string rather than "undefined". */
const text = (params: ErrorParams, name: string): string => {
  const value = params[name];
  return value === null || value === undefined ? '' : String(value);
};

const seconds = (params: ErrorParams): number | undefined => {
  const value = params.retryAfterSeconds;
  return typeof value === 'number' && value > 0 ? Math.ceil(value) : undefined;
};

/** Template syntax named in texts, given as values so that it is not read as a placeholder. */
const TEMPLATE_SYNTAX = { column: '{{column}}', open: '{{', close: '}}' };

/** Summary of a gateway failure: the recognised case if there is one, else how it failed. */
const gatewaySummary = (params: ErrorParams): Words => {
  if (isGatewayErrorCase(params.case)) return gatewayCaseWords(params.case);
  if (isConnectionCause(params.cause)) return connectionCauseWords(params.cause);
  if (isGatewayFailureKind(params.kind)) return failureKindWords(params.kind);
  return failureKindWords('http');
};

/**
 * Every reason the studio gives for an error, as a code and the key of its words in the locale
 * files (`reasons.errors.<reason>` unless `words` picks another). Main throws
 * `StudioFailure.of(reason, params)`; the renderer and the CLI word it with `wordError`.
 */
export const errorReasons = {
  // Input
  invalid_fields: { code: 'invalid_input' },
  invalid_request: { code: 'invalid_input' },
  unknown_variant: { code: 'invalid_input' },
  template_invalid: {
    code: 'invalid_input',
    words: (p) => (isTemplateProblem(p.problem) ? message(`reasons.template.${p.problem}`, { ...p, ...TEMPLATE_SYNTAX }) : 'reasons.errors.template_invalid'),
  },
  csv_unreadable: { code: 'invalid_input' },
  batch_invalid: {
    code: 'invalid_input',
    // Each refused job's problems follow as the error's issues, worded from their codes.
    words: (p) => (typeof p.count === 'number' ? message('reasons.errors.batch_invalid_listed', { count: p.count }) : 'reasons.errors.batch_invalid'),
  },
  input_unreadable: { code: 'invalid_input' },
  csv_too_many_rows: { code: 'invalid_input' },
  template_too_many_references: {
    code: 'invalid_input',
    words: (p) => message('reasons.errors.template_too_many_references', { ...p, ...TEMPLATE_SYNTAX }),
  },
  template_too_many_prompts: { code: 'invalid_input' },
  batch_too_many_jobs: { code: 'invalid_input' },
  batch_prompt_too_long: { code: 'invalid_input' },
  batch_too_large: { code: 'invalid_input' },
  // Reference images, refused before anything is uploaded
  upload_empty: { code: 'invalid_input' },
  upload_too_large: { code: 'invalid_input' },
  upload_not_image: { code: 'invalid_input' },
  upload_type_refused: { code: 'invalid_input' },
  upload_too_many_pixels: { code: 'invalid_input' },
  upload_cut_short: { code: 'invalid_input' },
  character_source_not_video: { code: 'invalid_input' },
  character_segment_unavailable: { code: 'invalid_input' },
  stale_cursor: { code: 'invalid_input' },
  // Things that are gone, or clash
  profile_not_found: { code: 'not_found' },
  job_profile_deleted: { code: 'not_found' },
  asset_not_found: { code: 'not_found' },
  batch_not_found: { code: 'not_found' },
  job_not_found: { code: 'not_found' },
  rerun_no_recipe: { code: 'invalid_input' },
  rerun_no_reference: { code: 'invalid_input' },
  rerun_no_larger_tier: {
    code: 'invalid_input',
    words: (p) => (text(p, 'tiers') === '' ? 'reasons.errors.rerun_no_larger_tier_none' : message('reasons.errors.rerun_no_larger_tier', p)),
  },
  frame_not_video: { code: 'invalid_input' },
  frame_failed: { code: 'storage_error' },
  rerun_other_model: { code: 'invalid_input' },
  asset_file_missing: { code: 'not_found' },
  board_not_found: { code: 'not_found' },
  board_is_smart: { code: 'conflict' },
  deletion_not_found: { code: 'not_found' },
  board_name_taken: { code: 'conflict' },
  profile_name_taken: { code: 'conflict' },
  character_name_taken: { code: 'conflict' },
  character_name_invalid: { code: 'invalid_input' },
  character_not_found: { code: 'not_found' },
  job_action_refused: {
    code: 'conflict',
    words: (p) =>
      p.refusal === 'not_found' || p.refusal === 'invalid_input' ? `reasons.errors.job_action_refused_${p.refusal}` : 'reasons.errors.job_action_refused',
  },
  // Keys and the gateway
  missing_api_key: { code: 'unauthorized' },
  job_profile_missing_key: { code: 'unauthorized' },
  profile_address_refused: {
    code: 'invalid_input',
    words: (p) => message(p.insecure === true ? 'reasons.errors.profile_address_refused_insecure' : 'reasons.errors.profile_address_refused', p),
  },
  gateway_key_rejected: {
    code: 'unauthorized',
    words: (p) => gatewaySummary({ case: 'unauthorized', ...p }),
  },
  gateway_access_denied: {
    code: 'forbidden',
    words: (p) => gatewaySummary({ case: 'access_denied', ...p }),
  },
  gateway_rate_limited: {
    code: 'rate_limited',
    words: (p) => {
      const wait = seconds(p);
      return wait === undefined ? 'reasons.errors.gateway_rate_limited' : message('reasons.errors.gateway_rate_limited_wait', { seconds: wait });
    },
  },
  gateway_quota: { code: 'insufficient_quota' },
  gateway_unreachable: {
    code: 'gateway_unreachable',
    words: (p) => gatewaySummary({ kind: 'unreachable', ...p }),
  },
  gateway_error: {
    code: 'gateway_error',
    words: gatewaySummary,
  },
  // Prompt tools
  assistant_no_models: { code: 'not_found' },
  assistant_model_unknown: { code: 'not_found' },
  assistant_style_refused: { code: 'invalid_input' },
  assistant_image_unreadable: { code: 'invalid_input' },
  assistant_reply_broken: {
    code: 'gateway_error',
    words: (p) => message('reasons.errors.assistant_reply_broken', { why: gatewaySummary(p) }),
  },
  assistant_reply_too_long: { code: 'gateway_error' },
  assistant_reply_interrupted: { code: 'internal' },
  conversation_not_found: { code: 'not_found' },
  preset_not_found: { code: 'not_found' },
  preset_name_taken: { code: 'conflict' },
  // Saved masks
  mask_not_png: { code: 'invalid_input' },
  mask_too_large: { code: 'invalid_input' },
  mask_not_saved: { code: 'storage_error' },
  mask_not_found: { code: 'not_found' },
  // The desktop app
  asset_trash_failed: { code: 'storage_error' },
  desktop_preferences_not_saved: { code: 'storage_error' },
  desktop_unsupported: { code: 'unsupported' },
  library_folder_unconfirmable: { code: 'unsupported' },
  export_not_saved: { code: 'storage_error' },
  // The studio itself
  studio_starting: { code: 'internal' },
  internal: { code: 'internal' },
  unknown_route: { code: 'unknown_route' },
  // The window's connection to the studio (web mode)
  no_session: { code: 'unauthorized' },
  session_refused: { code: 'forbidden' },
  studio_unreachable: { code: 'internal' },
  studio_unexpected_answer: { code: 'internal' },
  // Jobs: why one failed, waits or ended without a result (job-reasons.ts; worded by `jobProblem`)
  ...jobReasons,
} satisfies Record<string, ReasonEntry>;

export type ErrorReason = keyof typeof errorReasons;

export function isErrorReason(value: unknown): value is ErrorReason {
  return typeof value === 'string' && Object.hasOwn(errorReasons, value);
}

/** The words of a reason with its parameters. */
export function reasonWords(reason: ErrorReason, params: ErrorParams): Words {
  const entry: ReasonEntry = errorReasons[reason];
  return entry.words ? entry.words(params) : message(`reasons.errors.${reason}`, params);
}

/** What each code says when an error carries no reason the studio knows. */
export function codeWords(code: ErrorCode): Words {
  if (code === 'gateway_error') return failureKindWords('http');
  if (code === 'gateway_unreachable') return failureKindWords('unreachable');
  if (code === 'insufficient_quota') return gatewayCaseWords('insufficient_quota');
  return `reasons.codes.${code}`;
}
