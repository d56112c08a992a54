import { z } from 'zod';
import { defineEvent, defineRoute } from './define';
import { studioErrorSchema } from './errors';
import { idSchema } from './ids';

/** What the Electron shell does when the window closes while jobs run. */
const closeWhileRunningSchema = z.enum(['keep-running', 'quit']);

/** The shell's own preferences (Settings > Desktop); only the Electron shell has them. */
export const desktopPreferencesSchema = z.object({
  /** Keep the queue running with a tray icon, or quit (after the studio stops cleanly). */
  closeWhileRunning: closeWhileRunningSchema,
  /** Keep API keys in memory for this session only (offered where the system has no keyring). */
  sessionOnlyKeys: z.boolean(),
});
export type DesktopPreferences = z.infer<typeof desktopPreferencesSchema>;

/**
 * What the desktop can do for the window. In web mode every capability is false and `preferences`
 * is null: the renderer then uses the browser's own means (notifications, the file link for
 * dragging) or hides the action. `keyProtection` is `weak` there (a key file in the data folder).
 */
const desktopInfoSchema = z.object({
  /** Reveal a result in the system's file manager (`desktop.reveal_asset`). */
  reveal: z.boolean(),
  /** Move results to the system trash (`desktop.trash_assets`). */
  trash: z.boolean(),
  /** Drag results out of the window as files (`desktop.start_drag`). */
  drag: z.boolean(),
  /** The shell itself notifies when a batch finishes and counts running jobs on the dock or taskbar. */
  systemNotifications: z.boolean(),
  /** Save exports where the user chooses, through the system's save dialog (`desktop.export_assets`). */
  export: z.boolean(),
  /**
   * Closing the window while jobs run leaves an icon in the system tray; false where the desktop
   * shows none (GNOME without its AppIndicator extension): the window is minimised instead.
   */
  tray: z.boolean(),
  /** `os-keychain`, or `weak` where the system has no keyring (Linux with the basic text backend) and in web mode (a key file). */
  keyProtection: z.enum(['os-keychain', 'weak']).nullable(),
  preferences: desktopPreferencesSchema.nullable(),
});
export type DesktopInfo = z.infer<typeof desktopInfoSchema>;

const assetIds = z.array(idSchema).min(1).max(500);

export const desktopRoutes = {
  'desktop.get_info': defineRoute({ input: z.object({}).strict(), output: desktopInfoSchema }),
  'desktop.update_preferences': defineRoute({ input: desktopPreferencesSchema.partial().strict(), output: desktopInfoSchema }),
  /** Shows the result's file selected in the system's file manager. */
  'desktop.reveal_asset': defineRoute({ input: z.object({ id: idSchema }).strict(), output: z.object({ revealed: z.boolean() }) }),
  /**
   * Moves results (media, sidecar and thumbnail) to the system trash and removes them from the
   * library. Final from the studio's side: an undo must be offered before calling it. Each result
   * that stays answers with its own error (`asset_not_found`, `asset_trash_failed`).
   */
  'desktop.trash_assets': defineRoute({
    input: z.object({ ids: assetIds }).strict(),
    output: z.object({ trashed: z.array(z.string()), failed: z.array(z.object({ id: z.string(), error: studioErrorSchema })) }),
  }),
  /**
   * Exports results with their recipe (as `library.export_assets` makes them) to a file the user
   * names in the system's save dialog; main writes it. `saved: false` when the dialog was canceled.
   */
  'desktop.export_assets': defineRoute({
    input: z.object({ ids: assetIds }).strict(),
    output: z.object({ saved: z.boolean(), fileName: z.string(), items: z.number().int(), missing: z.array(z.string()) }),
  }),
  /** Starts dragging the results' files out of the window; call it from the `dragstart` handler. */
  'desktop.start_drag': defineRoute({ input: z.object({ ids: assetIds }).strict(), output: z.object({ started: z.boolean() }) }),
};

const desktopPageSchema = z.enum(['create', 'gallery', 'timeline', 'account', 'settings']);

export const desktopEvents = {
  /** The application menu asks the window to show a page. */
  'desktop.navigate': defineEvent(z.object({ page: desktopPageSchema })),
  'desktop.changed': defineEvent(desktopInfoSchema),
};
