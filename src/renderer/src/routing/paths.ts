/**
 * The studio's addresses, in one place. Pages link with `paths.*` and read their parameters with
 * the parsers below (or the hooks of `route-hooks.ts`); nothing else builds or parses a path.
 * Addresses live in the hash (`#/gallery?kind=image`), so they work on the Electron window's own
 * protocol as in a browser, survive a reload, and Back/Forward walk through them.
 */
import { z } from 'zod';
import { libraryFilterSchema, type LibraryFilter } from '../../../shared/contract/library-filter';

/** The sections of the navigation, in order. */
export const sections = ['create', 'gallery', 'timeline', 'account', 'settings'] as const;
export type Section = (typeof sections)[number];

/** Route patterns (react-router syntax), for the route table only. */
export const patterns = {
  create: '/create',
  gallery: '/gallery',
  asset: '/gallery/asset/:assetId',
  compare: '/gallery/compare/:batchId',
  compareResults: '/gallery/compare',
  timeline: '/timeline',
  batch: '/timeline/batch/:batchId',
  account: '/account',
  settings: '/settings',
  kit: '/kit',
} as const;

/** What the Create page can be opened with. */
export interface CreateParams {
  /** Fill the form with the settings of this asset ("reuse settings"). */
  reuse: string | null;
  /** Open with this asset as the first reference image. */
  reference: string | null;
  /** Open the remix form for this finished video asset. */
  remix: string | null;
  /** Open "create a character" from this finished video asset. */
  character: string | null;
  /** Open the mask painter on this image, to edit it. */
  edit: string | null;
  /** Open image-to-video with this image as the first frame. */
  animate: string | null;
  /** Fill the form with this failed or canceled job's values and say why it ended, to change and send again. */
  retry: string | null;
}

const createKeys = ['reuse', 'reference', 'remix', 'character', 'edit', 'animate', 'retry'] as const satisfies readonly (keyof CreateParams)[];

/** Query-string names of the gallery filter; short, because they show in the address. */
const galleryKeys = {
  kind: 'kind',
  model: 'model',
  favourite: 'fav',
  tag: 'tag',
  createdFrom: 'from',
  createdBefore: 'before',
  batchId: 'batch',
  boardId: 'board',
  character: 'char',
  text: 'q',
  order: 'sort',
} as const satisfies Record<keyof LibraryFilter, string>;

function query(entries: [string, string | number | boolean | null | undefined][]): string {
  const params = new URLSearchParams();
  for (const [key, value] of entries) {
    if (value === undefined || value === null || value === '' || value === false) continue;
    params.set(key, value === true ? '1' : String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

const segment = (id: string): string => encodeURIComponent(id);

const galleryEntries = (filter: LibraryFilter): [string, LibraryFilter[keyof LibraryFilter]][] =>
  (Object.keys(galleryKeys) as (keyof LibraryFilter)[]).map((key) => [galleryKeys[key], filter[key]]);

/** The gallery filter as query-string entries, in a fixed order so equal filters make equal addresses. */
export function galleryQuery(filter: LibraryFilter = {}): string {
  return query(galleryEntries(filter));
}

/** How many results the compare view takes at once. */
export const COMPARE_LIMITS = { min: 2, max: 4 } as const;

/** Builders of every address; use them for links and `navigate`, never hand-written strings. */
export const paths = {
  create: (params: Partial<CreateParams> = {}): string => `/create${query(createKeys.map((key) => [key, params[key]]))}`,
  gallery: (filter: LibraryFilter = {}): string => `/gallery${galleryQuery(filter)}`,
  /** One asset's detail, keeping the gallery filter it was opened from. */
  asset: (assetId: string, filter: LibraryFilter = {}): string => `/gallery/asset/${segment(assetId)}${galleryQuery(filter)}`,
  /** The results of one batch side by side, keeping the gallery filter it was opened from. */
  compare: (batchId: string, filter: LibraryFilter = {}): string => `/gallery/compare/${segment(batchId)}${galleryQuery(filter)}`,
  /** 2-4 chosen results side by side (from any batches), keeping the gallery filter they were chosen in. */
  compareResults: (assetIds: readonly string[], filter: LibraryFilter = {}): string =>
    `/gallery/compare${query([['items', assetIds.join(',')], ...galleryEntries(filter)])}`,
  timeline: (): string => '/timeline',
  batch: (batchId: string): string => `/timeline/batch/${segment(batchId)}`,
  account: (): string => '/account',
  settings: (): string => '/settings',
  /** The entry of a navigation section. */
  section: (section: Section): string => `/${section}`,
} as const;

/** The section an address belongs to (for the navigation's current item); unknown addresses open Create. */
export function sectionOf(pathname: string): Section {
  const first = pathname.replace(/^\/+/, '').split('/')[0] ?? '';
  return (sections as readonly string[]).includes(first) ? (first as Section) : 'create';
}

const id = z.string().trim().min(1).max(200);

/** Reads the Create page's parameters; anything malformed is ignored rather than breaking the page. */
export function parseCreateParams(search: URLSearchParams): CreateParams {
  const read = (key: string): string | null => {
    const parsed = id.safeParse(search.get(key));
    return parsed.success ? parsed.data : null;
  };
  return Object.fromEntries(createKeys.map((key) => [key, read(key)])) as Record<(typeof createKeys)[number], string | null>;
}

/** The results of `/gallery/compare?items=`: 2-4 distinct ids, or none when the list is malformed. */
export function parseCompareResults(search: URLSearchParams): string[] {
  const ids = [...new Set((search.get('items') ?? '').split(','))].filter((item) => id.safeParse(item).success);
  return ids.length >= COMPARE_LIMITS.min && ids.length <= COMPARE_LIMITS.max ? ids : [];
}

const flag = z.enum(['1', 'true']).transform(() => true);
const time = z.coerce.number().int().nonnegative();

/** Each filter field read from text, the way the address spells it. */
const galleryFieldParsers: { [K in keyof LibraryFilter]-?: z.ZodType<LibraryFilter[K]> } = {
  kind: libraryFilterSchema.shape.kind,
  model: libraryFilterSchema.shape.model,
  favourite: flag,
  tag: libraryFilterSchema.shape.tag,
  createdFrom: time,
  createdBefore: time,
  batchId: libraryFilterSchema.shape.batchId,
  boardId: libraryFilterSchema.shape.boardId,
  character: libraryFilterSchema.shape.character,
  text: libraryFilterSchema.shape.text,
  order: libraryFilterSchema.shape.order,
};

/** Reads the gallery filter from the address, field by field: a bad field is dropped, the rest kept. */
export function parseGalleryFilter(search: URLSearchParams): LibraryFilter {
  const filter: LibraryFilter = {};
  for (const key of Object.keys(galleryKeys) as (keyof LibraryFilter)[]) {
    const raw = search.get(galleryKeys[key]);
    if (raw === null || raw === '') continue;
    const parsed = galleryFieldParsers[key].safeParse(raw);
    if (parsed.success && parsed.data !== undefined) Object.assign(filter, { [key]: parsed.data });
  }
  return filter;
}
