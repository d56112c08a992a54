import { z } from 'zod';
import type { UrlResolver } from '../requests/references';
import { checkImageReferences, checkVideoReference } from '../requests/references';
import { classifyReference } from '../requests/image-data';
import { badRequest, parseBody, Rejection } from '../requests/rejection';
import type { CharacterDirectory } from './characters';
import { mentionedUsernames } from './characters';
import { characterAnswer, type CharacterReading } from './character-readings';
import { VIDEO_IMAGE_RULE } from './singular-path';
import type { CharacterPlan, VideoPlan } from './video-plan';
import { videoSizeFor } from './video-sizes';

/**
 * The first video model on `POST /v1/videos/generations`: the VVIP variant (`vid-2-vvip`) and
 * character use (`vid-2`, which accepts the same fields).
 *
 * `metadata.character_url` is either a reference video URL (character extraction for this
 * video: the output is 1 second shorter) or the id of a finished character task.
 * Whether a request that asks for a character is a character task, a video or both depends on
 * the character reading in force (character-readings.ts).
 */

const STYLES = ['thanksgiving', 'comic', 'news', 'selfie', 'nostalgic', 'anime'] as const;

const vid2Schema = z.object({
  model: z.enum(['vid-2-vvip', 'vid-2']),
  prompt: z.string().optional(),
  duration: z.union([z.literal(4), z.literal(8), z.literal(12)], { error: 'must be 4, 8 or 12' }).optional(),
  aspect_ratio: z.enum(['16:9', '9:16']).optional(),
  image_urls: z.array(z.string()).optional(),
  thumbnail: z.boolean().optional(),
  metadata: z
    .object({
      n: z.int().min(1, 'n is 1 to 4').max(4, 'n is 1 to 4').optional(),
      watermark: z.boolean().optional(),
      private: z.boolean().optional(),
      style: z.enum(STYLES).optional(),
      storyboard: z.boolean().optional(),
      character_url: z.string().min(1).optional(),
      character_timestamps: z.string().optional(),
      character_create: z.boolean().optional(),
      character_from_task: z.string().min(1).optional(),
    })
    .optional(),
});

/** Parses `<start>,<end>`: a 2-second segment (seconds, decimals allowed). */
export function parseCharacterTimestamps(value: string): { start: number; end: number } {
  const match = /^\s*(\d+(?:\.\d+)?)\s*,\s*(\d+(?:\.\d+)?)\s*$/.exec(value);
  const param = 'metadata.character_timestamps';
  if (!match) throw badRequest(`${param}: use the form <start_second>,<end_second>, e.g. "3,5"`, param);
  const start = Number(match[1]);
  const end = Number(match[2]);
  if (Math.abs(end - start - 2) > 1e-9) {
    throw badRequest(`${param}: the segment must be 2 seconds long (got ${start} to ${end})`, param);
  }
  return { start, end };
}

function checkMentions(prompt: string, characters: CharacterDirectory): void {
  for (const username of mentionedUsernames(prompt)) {
    if (!characters.findByUsername(username)) {
      throw new Rejection(
        400,
        `unknown character @${username}: create the character first and use result.data.characters[].username of its finished character task`,
        'prompt',
        'character_not_found',
      );
    }
  }
}

/** The prompt a video made from a finished task shows when the request gives none: the source's. */
function sourcePrompt(source: { outputs: readonly { recipe?: unknown }[] }): string | undefined {
  const recipe = source.outputs[0]?.recipe;
  return typeof recipe === 'object' && recipe !== null && 'prompt' in recipe && typeof recipe.prompt === 'string' ? recipe.prompt : undefined;
}

/** VVIP and `vid-2` character use, answered as the character reading says. */
export async function planVid2Video(
  body: unknown,
  resolve: UrlResolver,
  characters: CharacterDirectory,
  reading: CharacterReading = 'request',
): Promise<VideoPlan | CharacterPlan> {
  const request = parseBody(vid2Schema, body);
  const metadata = request.metadata ?? {};
  let prompt = request.prompt?.trim() ?? '';
  let fromTask: { id: string; prompt: string | undefined } | undefined;
  if (metadata.character_from_task !== undefined) {
    const source = characters.finishedVideo(metadata.character_from_task);
    if (typeof source === 'string') {
      throw badRequest(`metadata.character_from_task: ${source}`, 'metadata.character_from_task');
    }
    fromTask = { id: source.id, prompt: sourcePrompt(source) };
  }
  const referenceVideo = metadata.character_url !== undefined && classifyReference(metadata.character_url) === 'http-url';
  if (referenceVideo && metadata.character_url !== undefined) checkVideoReference(metadata.character_url, 'metadata.character_url', resolve);
  if (metadata.character_timestamps !== undefined) {
    parseCharacterTimestamps(metadata.character_timestamps);
    if (!referenceVideo) {
      throw badRequest('metadata.character_timestamps needs metadata.character_url with a reference video URL', 'metadata.character_timestamps');
    }
  }
  const answer = characterAnswer({ fromTask: fromTask !== undefined, create: metadata.character_create === true, referenceVideo }, reading);
  if (answer === 'character-task') {
    const source = fromTask === undefined ? { sourceUrl: metadata.character_url } : { sourceTaskId: fromTask.id };
    return {
      family: 'character',
      model: request.model,
      prompt: prompt === '' ? (fromTask?.prompt ?? fromTask?.id ?? 'character') : prompt,
      ...source,
      metadata: fromTask === undefined ? { character_url: metadata.character_url } : { character_from_task: fromTask.id },
    };
  }
  // A video made from a finished task shows the source's subject when the request names none.
  if (prompt === '' && fromTask !== undefined) prompt = fromTask.prompt ?? fromTask.id;
  if (prompt === '') throw badRequest('prompt: prompt is required', 'prompt');
  checkMentions(prompt, characters);
  const references = await checkImageReferences(request.image_urls ?? [], 'image_urls', VIDEO_IMAGE_RULE, resolve);
  if (metadata.character_url !== undefined && !referenceVideo) {
    const problem = characters.characterTaskProblem(metadata.character_url);
    if (problem !== undefined) throw badRequest(`metadata.character_url: ${problem}`, 'metadata.character_url');
  }
  const duration = request.duration ?? 4;
  const seconds = referenceVideo ? duration - 1 : duration;
  const count = metadata.n ?? 1;
  const size = videoSizeFor('720p', request.aspect_ratio ?? '16:9');
  return {
    family: 'video-vid2',
    model: request.model,
    prompt,
    seconds,
    size,
    count,
    metadata: { ...metadata, n: count, size, seconds: String(seconds) },
    priceFactor: count,
    private: metadata.private === true,
    thumbnails: request.thumbnail === true,
    createsCharacter: answer === 'video-with-character',
    firstFrame: references[0]?.file,
  };
}
