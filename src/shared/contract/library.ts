import { z } from 'zod';
import { defineEvent, defineRoute } from './define';
import { studioErrorSchema } from './errors';
import { idSchema } from './ids';
import { assetKindSchema, libraryFilterSchema } from './library-filter';
import { presetRefSchema } from './assistant';
import { plainString } from './plain-text';

/** One result in the library, with the recipe that made it (the request, without secrets). */
const assetViewSchema = z.object({
  id: z.string(),
  kind: assetKindSchema,
  /** Path inside the library folder; the transport turns it into a URL the window can show. */
  mediaPath: z.string(),
  thumbPath: z.string().nullable(),
  mime: z.string(),
  bytes: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  durationMs: z.number().int().nullable(),
  /** A video with a sound track; null for images and for videos whose sound was not read. */
  hasAudio: z.boolean().nullable(),
  model: z.string(),
  variantId: z.string().nullable(),
  prompt: z.string(),
  request: z.unknown(),
  taskId: z.string().nullable(),
  jobId: z.string().nullable(),
  createdAt: z.number().int(),
  favourite: z.boolean(),
  tags: z.array(z.string()),
  /** Boards it is on (ids). */
  boardIds: z.array(z.string()),
  /** The batch it was made in, if any (for the compare view). */
  batchId: z.string().nullable(),
  /** The style preset it was made with (part of its recipe), or null. */
  preset: presetRefSchema.nullable(),
});
export type AssetView = z.infer<typeof assetViewSchema>;

const assetId = z.object({ id: idSchema }).strict();
/** A selection of the gallery: up to 500 items at once. */
const assetIds = z.array(idSchema).min(1).max(500);
const tagSchema = z.string().trim().min(1).max(64);
const boardName = plainString().trim().min(1, 'Give the board a name').max(80);

/** What a smart board keeps: the search and filters it shows (the sort order is the viewer's). */
export const smartFilterSchema = libraryFilterSchema.omit({ order: true });
export type SmartFilter = z.infer<typeof smartFilterSchema>;

const boardViewSchema = z.object({
  id: z.string(),
  name: z.string(),
  count: z.number().int(),
  /** A smart board's saved search: it shows whatever matches, now and later. Null for a board results are put on. */
  filter: smartFilterSchema.nullable(),
  /** The newest result's thumbnail (or file), relative to the library; null for an empty board. */
  coverPath: z.string().nullable(),
  createdAt: z.number().int(),
  updatedAt: z.number().int(),
});
export type BoardView = z.infer<typeof boardViewSchema>;

const assetFacetsSchema = z.object({
  total: z.number().int(),
  favourites: z.number().int(),
  kinds: z.object({ image: z.number().int(), video: z.number().int() }),
  models: z.array(z.object({ model: z.string(), count: z.number().int() })),
  tags: z.array(z.object({ tag: z.string(), count: z.number().int() })),
  boards: z.array(z.object({ id: z.string(), name: z.string(), count: z.number().int() })),
  characters: z.array(z.object({ username: z.string(), count: z.number().int() })),
  /** The newest batches with matching results (and the chosen one). */
  batches: z.array(z.object({ id: z.string(), name: z.string(), count: z.number().int() })),
  /** Counts from each start time asked for in `since`, the date filter aside. */
  since: z.array(z.object({ from: z.number().int(), count: z.number().int() })),
});
export type AssetFacets = z.infer<typeof assetFacetsSchema>;

/** The job behind an asset, as the detail view shows it (timings and what it cost). */
const assetJobSchema = z.object({
  id: z.string(),
  state: z.string(),
  attempts: z.number().int(),
  createdAt: z.number().int(),
  submittedAt: z.number().int().nullable(),
  finishedAt: z.number().int().nullable(),
  creditsSpent: z.number().nullable(),
  creditsMeasured: z.boolean(),
  answerStyle: z.string().nullable(),
});

/** A reference image of the request (an address it was given); `assetId` when it came from the library. */
const assetReferenceSchema = z.object({
  /** Where it sits in the request (`image_urls[1]`, `mask_url`). */
  field: z.string(),
  url: z.string(),
  assetId: z.string().nullable(),
  /** The library item's thumbnail (or file), relative to the library, to show it. */
  previewPath: z.string().nullable(),
});
export type AssetReference = z.infer<typeof assetReferenceSchema>;

const assetDetailSchema = z.object({
  asset: assetViewSchema,
  job: assetJobSchema.nullable(),
  batch: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** The request's reference images, in its order. */
  references: z.array(assetReferenceSchema),
});
export type AssetDetail = z.infer<typeof assetDetailSchema>;

/** Results being read back from the library folder's sidecars (a folder without its database here); null when none is under way. */
const sidecarRestoreSchema = z.object({
  daysRead: z.number().int().nonnegative(),
  days: z.number().int().nonnegative(),
  restored: z.number().int().nonnegative(),
  finished: z.boolean(),
});
export type SidecarRestoreView = z.infer<typeof sidecarRestoreSchema>;

export const libraryRoutes = {
  /** Where reading results back from sidecars stands (a window opened while it goes on); null when none is under way. */
  'library.sidecar_restore_status': defineRoute({ input: z.object({}).strict(), output: sidecarRestoreSchema.nullable() }),
  'library.list_assets': defineRoute({
    input: libraryFilterSchema.extend({
      limit: z.number().int().min(1).max(200).optional(),
      cursor: z.string().max(200).nullable().optional(),
    }),
    output: z.object({ items: z.array(assetViewSchema), nextCursor: z.string().nullable() }),
  }),
  'library.count_facets': defineRoute({
    /** `since`: start times (Unix ms) to count from, for the date presets of the filter panel. */
    input: libraryFilterSchema.extend({ since: z.array(z.number().int().nonnegative()).max(8).optional() }),
    output: assetFacetsSchema,
  }),
  'library.get_asset': defineRoute({ input: assetId, output: assetViewSchema }),
  /** An asset with the job that made it (timings, credits) and its batch. */
  'library.get_asset_detail': defineRoute({ input: assetId, output: assetDetailSchema }),
  'library.set_favourite': defineRoute({
    input: z.object({ id: idSchema, favourite: z.boolean() }).strict(),
    output: assetViewSchema,
  }),
  'library.set_tags': defineRoute({
    input: z.object({ id: idSchema, tags: z.array(tagSchema).max(50) }).strict(),
    output: assetViewSchema,
  }),
  'library.set_favourites': defineRoute({
    input: z.object({ ids: assetIds, favourite: z.boolean() }).strict(),
    output: z.array(assetViewSchema),
  }),
  /** Adds and removes tags on many items at once (each keeps its other tags). */
  'library.tag_assets': defineRoute({
    input: z.object({ ids: assetIds, add: z.array(tagSchema).max(20).default([]), remove: z.array(tagSchema).max(20).default([]) }).strict(),
    output: z.array(assetViewSchema),
  }),
  'library.list_boards': defineRoute({ input: z.object({}).strict(), output: z.array(boardViewSchema) }),
  'library.create_board': defineRoute({ input: z.object({ name: boardName }).strict(), output: boardViewSchema }),
  'library.rename_board': defineRoute({ input: z.object({ id: idSchema, name: boardName }).strict(), output: boardViewSchema }),
  'library.delete_board': defineRoute({ input: assetId, output: z.object({ deleted: z.boolean() }) }),
  /** Saves a search and its filters as a board that keeps itself up to date. */
  'library.create_smart_board': defineRoute({
    input: z.object({ name: boardName, filter: smartFilterSchema }).strict(),
    output: boardViewSchema,
  }),
  /** The boards in the order given (boards left out keep their order, after these); answers every board. */
  'library.reorder_boards': defineRoute({
    input: z.object({ ids: z.array(idSchema).min(1).max(500) }).strict(),
    output: z.array(boardViewSchema),
  }),
  /**
   * Which of `ids` a filter shows: how a window places results it was told about in lists whose
   * filter only the library can decide (a prompt search, a tag, a smart board).
   */
  'library.match_assets': defineRoute({
    input: z.object({ filter: libraryFilterSchema, ids: z.array(idSchema).min(1).max(200) }).strict(),
    output: z.object({ ids: z.array(z.string()) }),
  }),
  /** Keeps one frame of a video (at `atMs`) as a new image in the library, to use as a reference. */
  'library.grab_frame': defineRoute({
    input: z
      .object({
        assetId: idSchema,
        atMs: z
          .number()
          .int()
          .nonnegative()
          .max(24 * 3600 * 1000),
      })
      .strict(),
    output: assetViewSchema,
  }),
  /** A video's frames per second as its file says, for stepping frame by frame; null where the file does not say. */
  'library.video_frame_rate': defineRoute({ input: assetId, output: z.object({ framesPerSecond: z.number().positive().nullable() }) }),
  'library.add_to_board': defineRoute({
    input: z.object({ boardId: idSchema, ids: assetIds }).strict(),
    output: z.object({ board: boardViewSchema, assets: z.array(assetViewSchema) }),
  }),
  'library.remove_from_board': defineRoute({
    input: z.object({ boardId: idSchema, ids: assetIds }).strict(),
    output: z.object({ board: boardViewSchema, assets: z.array(assetViewSchema) }),
  }),
  /**
   * Takes items out of the library, undoably until `undoUntil` (`library.undo_delete`). Their
   * files wait in the library's `.trash` folder; after the window they go to the system trash in
   * the desktop app, and stay in `.trash` in web mode.
   */
  'library.delete_assets': defineRoute({
    input: z.object({ ids: assetIds }).strict(),
    output: z.object({
      deletionId: z.string(),
      deleted: z.array(z.string()),
      failed: z.array(z.object({ id: z.string(), error: studioErrorSchema })),
      undoUntil: z.number().int(),
    }),
  }),
  'library.undo_delete': defineRoute({
    input: z.object({ deletionId: idSchema }).strict(),
    output: z.object({ restored: z.array(assetViewSchema) }),
  }),
  /**
   * Writes a download of the items with their recipe inside (one PNG with text chunks, else a ZIP
   * with sidecars for JPEG and video); `path` is a library path the transport makes a URL of.
   */
  'library.export_assets': defineRoute({
    input: z.object({ ids: assetIds }).strict(),
    output: z.object({ path: z.string(), fileName: z.string(), items: z.number().int(), missing: z.array(z.string()) }),
  }),
};

export const libraryEvents = {
  /** Progress of reading results back from sidecars: after each day folder, and once at the end (`finished`). */
  'library.sidecar_restore': defineEvent(sidecarRestoreSchema),
  'library.added': defineEvent(assetViewSchema),
  /** Items changed by another window (favourite, tags, boards). */
  'library.changed': defineEvent(z.array(assetViewSchema)),
  /** Items taken out of the library (deleted; undoable for a while). */
  'library.removed': defineEvent(z.object({ ids: z.array(z.string()) })),
  /** Deleted items brought back (undo). */
  'library.restored': defineEvent(z.array(assetViewSchema)),
  'library.boards_changed': defineEvent(z.array(boardViewSchema)),
};
