import { z } from 'zod';
import { connectionTestSchema } from './connection-causes';
import { defineEvent, defineRoute } from './define';
import { gatewayAddressProblem } from './gateway-address';
import { idSchema } from './ids';
import { inputMessages } from './input-messages';
import { LOCALE_IDS, type LocaleId } from '../i18n/locales';

/** The most jobs the concurrency setting lets run at once. */
export const MAX_CONCURRENCY = 12;
/** The queue's caps while the concurrency setting is left to the studio. */
export const DEFAULT_CONCURRENCY = { maxActive: 6, maxActivePerModel: 3 } as const;

/** The queue's caps for a concurrency setting: one number caps jobs in all and per model alike. */
export function concurrencyLimits(concurrency: number | null): { maxActive: number; maxActivePerModel: number } {
  return concurrency === null ? { ...DEFAULT_CONCURRENCY } : { maxActive: concurrency, maxActivePerModel: concurrency };
}

// Every registered language; the cast only names the tuple z.enum needs, the values come from the list.
const languageSchema = z.enum(['system', ...LOCALE_IDS] as ['system', ...LocaleId[]]);
const themeSchema = z.enum(['system', 'light', 'dark']);

export const settingsSchema = z.object({
  language: languageSchema,
  theme: themeSchema,
  /** The gateway profile in use; null means the embedded demo gateway. */
  activeProfileId: idSchema.nullable(),
  /** The folder results are saved in (absolute path); null means the studio's default. Applies at the next start. */
  libraryDir: z.string().trim().min(1).max(1024).nullable(),
  /**
   * Jobs sent to the gateway at once, of any model and of one model alike (the queue's caps);
   * null leaves the studio's defaults (`DEFAULT_CONCURRENCY`). Applies at once.
   */
  concurrency: z.number().int().min(1).max(MAX_CONCURRENCY).nullable(),
});
export type Settings = z.infer<typeof settingsSchema>;

/**
 * A change of settings from the window. The library folder can only go back to the default here:
 * another folder is chosen at this computer (`settings.choose_library_folder`), since `/media`
 * serves everything under it.
 */
const settingsPatchSchema = settingsSchema.extend({ libraryDir: z.null() }).partial().strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

const gatewayUrl = z
  .string()
  .trim()
  .max(2048)
  .pipe(
    z
      .url({
        protocol: /^https?$/,
        message: inputMessages.gatewayAddress.key,
      })
      .superRefine((value, ctx) => {
        const problem = gatewayAddressProblem(value);
        if (problem !== undefined) ctx.addIssue({ code: 'custom', message: problem.key });
      }),
  );

/** A gateway profile as the renderer sees it: never the key, only whether one is stored. */
const profileSchema = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  hasApiKey: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

const profileDraftSchema = z
  .object({
    /** Absent to create a new profile. */
    id: idSchema.optional(),
    name: z.string().trim().min(1, inputMessages.profileName.key).max(80, inputMessages.profileNameLength.key),
    /** https, or http on this computer only; changing its origin (scheme, host, port) clears the key. */
    baseUrl: gatewayUrl,
  })
  .strict();
export type ProfileDraft = z.infer<typeof profileDraftSchema>;

const profileId = z.object({ id: idSchema }).strict();

export const settingsRoutes = {
  'settings.get': defineRoute({ input: z.object({}).strict(), output: settingsSchema }),
  'settings.update': defineRoute({ input: settingsPatchSchema, output: settingsSchema }),
  /**
   * Asks the person at this computer for another library folder: Electron shows its folder dialog,
   * web mode asks on its console to confirm `proposed` (an absolute path). Waits for the answer;
   * `chosen` is false when they declined. Applies at the next start, as any library folder does.
   */
  'settings.choose_library_folder': defineRoute({
    input: z.object({ proposed: z.string().trim().min(1).max(1024).optional() }).strict(),
    output: z.object({ chosen: z.boolean(), settings: settingsSchema }),
  }),
  'profiles.list': defineRoute({ input: z.object({}).strict(), output: z.array(profileSchema) }),
  'profiles.save': defineRoute({ input: profileDraftSchema, output: profileSchema }),
  'profiles.delete': defineRoute({ input: profileId, output: z.object({ deleted: z.boolean() }) }),
  'profiles.set_api_key': defineRoute({
    input: z.object({ id: idSchema, apiKey: z.string().trim().min(8, inputMessages.apiKeyTooShort.key).max(512) }).strict(),
    output: profileSchema,
  }),
  'profiles.clear_api_key': defineRoute({ input: profileId, output: profileSchema }),
  /** Asks the profile's gateway for its models with the stored key, and says why that failed if it did. */
  'profiles.test_connection': defineRoute({ input: profileId, output: connectionTestSchema }),
};

export const settingsEvents = {
  'settings.changed': defineEvent(settingsSchema),
  'profiles.changed': defineEvent(z.array(profileSchema)),
};
