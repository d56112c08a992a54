import { z } from 'zod';
import { inputMessages } from './input-messages';

/**
 * Ids the studio makes (profiles, batches, jobs, assets): letters, digits, `-` and `_`, starting
 * with a letter or digit, at most 64 characters. The pattern keeps paths, markup and prototype
 * names such as `__proto__` out; services still look ids up as own keys or in Maps, never with
 * `in`, so names like `constructor` are simply not found.
 */
const ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** A gateway task id (`task_…`, `video_…`): the studio's id characters plus `.` and `:`, up to 128. */
const TASK_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,127}$/;

export const idSchema = z.string().regex(ID_PATTERN, inputMessages.invalidId.key);
export const taskIdSchema = z.string().regex(TASK_ID_PATTERN, inputMessages.invalidTaskId.key);
