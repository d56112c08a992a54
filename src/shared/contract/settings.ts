import { z } from 'zod';
import { defineEvent, defineRoute } from './define';
import { inputMessages } from './input-messages';

export const languageSchema = z.enum(['system', 'en', 'zh-CN']);
export const themeSchema = z.enum(['system', 'light', 'dark']);

export const settingsSchema = z.object({
  language: languageSchema,
  theme: themeSchema,
  /** The gateway profile in use; null means the embedded demo gateway. */
  activeProfileId: z.string().nullable(),
  /** The folder results are saved in (absolute path); null means the studio's default. Applies at the next start. */
  libraryDir: z.string().trim().min(1).max(1024).nullable(),
});
export type Settings = z.infer<typeof settingsSchema>;

export const settingsPatchSchema = settingsSchema.partial().strict();
export type SettingsPatch = z.infer<typeof settingsPatchSchema>;

const httpUrl = z
  .string()
  .trim()
  .pipe(
    z.url({
      protocol: /^https?$/,
      message: inputMessages.gatewayAddress.en,
    }),
  );

/** A gateway profile as the renderer sees it: never the key, only whether one is stored. */
export const profileSchema = z.object({
  id: z.string(),
  name: z.string(),
  baseUrl: z.string(),
  hasApiKey: z.boolean(),
});
export type Profile = z.infer<typeof profileSchema>;

export const profileDraftSchema = z
  .object({
    /** Absent to create a new profile. */
    id: z.string().min(1).optional(),
    name: z.string().trim().min(1, inputMessages.profileName.en).max(80, inputMessages.profileNameLength.en),
    baseUrl: httpUrl,
  })
  .strict();
export type ProfileDraft = z.infer<typeof profileDraftSchema>;

const profileId = z.object({ id: z.string().min(1) }).strict();

export const settingsRoutes = {
  'settings.get': defineRoute({ input: z.object({}).strict(), output: settingsSchema }),
  'settings.update': defineRoute({ input: settingsPatchSchema, output: settingsSchema }),
  'profiles.list': defineRoute({ input: z.object({}).strict(), output: z.array(profileSchema) }),
  'profiles.save': defineRoute({ input: profileDraftSchema, output: profileSchema }),
  'profiles.delete': defineRoute({ input: profileId, output: z.object({ deleted: z.boolean() }) }),
  'profiles.set_api_key': defineRoute({
    input: z
      .object({ id: z.string().min(1), apiKey: z.string().trim().min(8, inputMessages.apiKeyTooShort.en).max(512) })
      .strict(),
    output: profileSchema,
  }),
  'profiles.clear_api_key': defineRoute({ input: profileId, output: profileSchema }),
};

export const settingsEvents = {
  'settings.changed': defineEvent(settingsSchema),
  'profiles.changed': defineEvent(z.array(profileSchema)),
};
