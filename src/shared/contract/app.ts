import { z } from 'zod';
import { defineRoute } from './define';

const appInfoSchema = z.object({
  name: z.string(),
  version: z.string(),
  /** Which transport serves this renderer. */
  shell: z.enum(['electron', 'web']),
  /** True when no gateway profile is active and the embedded demo gateway answers. */
  demoMode: z.boolean(),
  /** Base URL of the gateway in use (the demo gateway's loopback address in demo mode). */
  gatewayUrl: z.string(),
  /** The library folder in use this run. */
  libraryDir: z.string(),
});
export type AppInfo = z.infer<typeof appInfoSchema>;

/**
 * The media tools this run uses: the ffmpeg that decodes video posters (or why there is none) and
 * the build of the image library (native libvips, or WebAssembly inside Electron on Linux).
 */
const mediaToolsSchema = z.object({
  ffmpeg: z.object({
    /** `too_old`: only an ffmpeg older than `minimumVersion` was found, and it is not used. */
    state: z.enum(['ready', 'too_old', 'missing']),
    path: z.string().nullable(),
    version: z.string().nullable(),
    /** `configured`: `ATELIER_FFMPEG`; `system`: found on this machine. */
    source: z.enum(['configured', 'system']).nullable(),
    minimumVersion: z.string(),
  }),
  images: z.object({ build: z.enum(['native', 'wasm']), libvips: z.string() }),
});
export type MediaTools = z.infer<typeof mediaToolsSchema>;

export const appRoutes = {
  'app.get_info': defineRoute({ input: z.object({}).strict(), output: appInfoSchema }),
  /**
   * Web mode: ends the session of every other browser (their open pages lose the studio at once).
   * The web transport answers it, since only it knows who is calling; elsewhere there are no
   * browser sessions and the answer is 0.
   */
  'app.sign_out_other_browsers': defineRoute({ input: z.object({}).strict(), output: z.object({ signedOut: z.number().int().min(0) }) }),
  'app.get_media_tools': defineRoute({ input: z.object({}).strict(), output: mediaToolsSchema }),
};
