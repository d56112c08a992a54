import { z } from 'zod';
import { defineEvent, defineRoute } from './define';

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
      message: 'Enter a full address starting with http:// or https://, such as https://gateway.example.com',
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
    name: z.string().trim().min(1, 'Give the profile a name').max(80, 'Keep the name under 80 characters'),
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
      .object({ id: z.string().min(1), apiKey: z.string().trim().min(8, 'That key looks too short').max(512) })
      .strict(),
    output: profileSchema,
  }),
  'profiles.clear_api_key': defineRoute({ input: profileId, output: profileSchema }),
};

export const settingsEvents = {
  'settings.changed': defineEvent(settingsSchema),
  'profiles.changed': defineEvent(z.array(profileSchema)),
};
