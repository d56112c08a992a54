import { z } from 'zod';
import { codeLike, lenient, numberLike, optCode, optNumber, optString } from './lenient';

/** `progress` as deployments send it: an integer 0-100, a string such as "65%", or nothing. */
const progressLike = z.union([numberLike, z.string()]);

/** A created character: `username` is referenced in prompts as `@username`. */
export const characterSchema = z.looseObject({
  id: z.string(),
  username: z.string(),
  display_name: optString,
  profile_picture_url: optString,
});
export type Character = z.infer<typeof characterSchema>;

/** `error` of a failed task: usually an object with `message`; some deployments send a string. */
const taskErrorSchema = z.union([
  z.looseObject({ message: optString, code: optCode, type: optString }),
  z.string().transform((message) => ({ message, code: undefined, type: undefined })),
]);

/**
 * Generation task of the asynchronous image and video models, character tasks and remix.
 * Every field is optional and tolerant: the normaliser (`task-record.ts`) decides what is usable.
 */
export const generationTaskSchema = z.looseObject({
  id: optString,
  task_id: optString,
  client_business_id: optString,
  object: optString,
  model: optString,
  status: lenient(codeLike),
  progress: lenient(progressLike),
  created_at: lenient(z.union([numberLike, z.string()])),
  completed_at: lenient(z.union([numberLike, z.string()])),
  expires_at: lenient(z.union([numberLike, z.string()])),
  result: lenient(z.unknown()),
  error: lenient(taskErrorSchema),
  fail_reason: optString,
  metadata: lenient(z.record(z.string(), z.unknown())),
  seconds: lenient(z.union([z.string(), z.number()])),
  size: optString,
  remixed_from_video_id: optString,
  url: optString,
  video_url: optString,
  result_url: optString,
});

/** `data` of the polling record of `GET /v1/video/generations/{task_id}`. */
export const officialVideoDataSchema = z.looseObject({
  task_id: optString,
  id: optString,
  status: lenient(codeLike),
  progress: lenient(progressLike),
  result_url: optString,
  url: optString,
  video_url: optString,
  fail_reason: optString,
  submit_time: optNumber,
  start_time: optNumber,
  finish_time: optNumber,
  created_at: optNumber,
  expires_at: optNumber,
});

/** The wrapped polling record: `{code: "success", message: "", data: {...}}`. */
export const officialVideoRecordSchema = z.looseObject({
  code: optCode,
  message: optString,
  data: officialVideoDataSchema,
});

/** `result` of a finished character task: `{type: "character", data: {characters: [...]}}`. */
const characterTaskResultSchema = z.looseObject({
  type: optString,
  data: z.looseObject({ characters: z.array(z.unknown()) }),
});

/** Parses the characters of a character-task result, dropping entries without id or username. */
export function charactersOf(result: unknown): Character[] {
  const parsed = characterTaskResultSchema.safeParse(result);
  const list = parsed.success ? parsed.data.data.characters : [];
  return list.flatMap((item) => {
    const character = characterSchema.safeParse(item);
    return character.success ? [character.data] : [];
  });
}
