/**
 * Characters (reusable `@name` subjects made from a video): the registry's routes and its event.
 * Creating one is a job like any other, so it answers with the job.
 */
import { z } from 'zod';
import { defineEvent, defineRoute } from './define';
import { idSchema, taskIdSchema } from './ids';
import { inputMessages } from './input-messages';
import { jobViewSchema } from './jobs';

const characterViewSchema = z.object({
  id: z.string(),
  username: z.string(),
  /** The artist's name for it: prompts say `@name`, the gateway gets `@username`. */
  name: z.string().nullable(),
  displayName: z.string().nullable(),
  sourceTaskId: z.string().nullable(),
  profilePictureUrl: z.string().nullable(),
  /** The poster frame of the video it was made from, inside the library folder (`mediaUrl` shows it); null when that video is not there. */
  posterPath: z.string().nullable(),
  createdAt: z.number(),
});
export type CharacterView = z.infer<typeof characterViewSchema>;

/** A name as typed; main checks it against the library's names and answers with the reason when it cannot be given. */
const characterNameSchema = z.string().trim().min(1).max(200);

export const charactersRoutes = {
  'characters.list': defineRoute({ input: z.object({}).strict(), output: z.array(characterViewSchema) }),
  'characters.create': defineRoute({
    input: z
      .object({
        description: z.string().trim().min(1).max(2000),
        /** The name prompts will mention it by (the rules: `characterNameProblem`); absent: its gateway username. */
        name: characterNameSchema.optional(),
        fromTaskId: taskIdSchema.optional(),
        /** A finished video of the library: its gateway address with `segment`, or its task as a whole. */
        fromAssetId: idSchema.optional(),
        videoUrl: z
          .url({ protocol: /^https?$/ })
          .max(4096)
          .optional(),
        /** `<start>,<end>` seconds of the reference video, two seconds apart. */
        segment: z
          .string()
          .regex(/^\d+(\.\d+)?,\d+(\.\d+)?$/, inputMessages.characterSegment.key)
          .optional(),
      })
      .strict()
      .refine((v) => [v.fromTaskId, v.videoUrl, v.fromAssetId].filter((source) => source !== undefined).length === 1, {
        message: inputMessages.characterSource.key,
      }),
    output: jobViewSchema,
  }),
  /** Names a character, or takes its name away (null): prompts then mention it by its gateway username. */
  'characters.rename': defineRoute({
    input: z.object({ id: z.string().min(1).max(200), name: characterNameSchema.nullable() }).strict(),
    output: characterViewSchema,
  }),
};

export const charactersEvents = {
  'characters.changed': defineEvent(z.array(characterViewSchema)),
};
