/**
 * The reading side of `rebuildFromSidecars`: the dated folders of a library, the sidecars of one
 * folder (newest written first, when asked), and the sidecars of one slice with their media files.
 */
import { access, readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { isTemporaryName, resolveInLibrary, thumbPathFor } from './library-files';
import { readAssetSidecar, type AssetSidecar } from './sidecars';

/** What a rebuild found unusable, and how many sidecars it looked at (the rebuild's report). */
export interface ReadingReport {
  scanned: number;
  skipped: { path: string; reason: string }[];
}

/** A sidecar read and checked, with the files beside it. */
export interface Candidate {
  sidecarPath: string;
  sidecar: AssetSidecar;
  filePath: string;
  bytes: number;
  thumbPath: string | null;
}

/** One day folder as listed: its entries, and its sidecars in the order to read them. */
export interface DayListing {
  folder: string;
  names: readonly string[];
  sidecars: readonly string[];
}

const year = /^\d{4}$/;
const twoDigits = /^\d{2}$/;

/** Files stat'ed or sidecars read at once: each waits on the disk, and one at a time left it idle. */
const READ_AT_ONCE = 16;

async function subfolders(path: string, pattern: RegExp): Promise<string[]> {
  const entries = await readdir(path, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isDirectory() && pattern.test(entry.name))
    .map((entry) => entry.name)
    .sort();
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/** Runs `work` on each item, READ_AT_ONCE at a time; the answers in the items' order. */
async function eachAtOnce<T, R>(items: readonly T[], work: (item: T) => Promise<R>): Promise<R[]> {
  const answers = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let index = next++; index < items.length; index = next++) answers[index] = await work(items[index] as T);
  };
  await Promise.all(Array.from({ length: Math.min(READ_AT_ONCE, items.length) }, worker));
  return answers;
}

/** The `YYYY/MM/DD` folders under `root`, newest first. */
export async function dayFolders(root: string): Promise<string[]> {
  const days: string[] = [];
  for (const y of (await subfolders(root, year)).reverse()) {
    for (const m of (await subfolders(join(root, y), twoDigits)).reverse()) {
      for (const d of (await subfolders(join(root, y, m), twoDigits)).reverse()) days.push(`${y}/${m}/${d}`);
    }
  }
  return days;
}

/**
 * Lists a day folder. Its sidecars come in name order (their ids: random, not by time), or with
 * `newestWrittenFirst` by their media file's modification time, newest first: a media file is
 * written once, when its result arrives, so in a folder that kept its times the newest results come
 * first. Only an order to read in: a copied folder whose times are all alike reads in name order.
 */
export async function listDay(root: string, folder: string, newestWrittenFirst: boolean): Promise<DayListing> {
  const names = (await readdir(resolveInLibrary(root, folder))).filter((name) => !isTemporaryName(name));
  const sidecars = names.filter((n) => n.endsWith('.json')).sort();
  if (!newestWrittenFirst) return { folder, names, sidecars };
  const mediaById = new Map<string, string>();
  for (const name of names) if (!name.endsWith('.json')) mediaById.set(name.replace(/\.[^.]*$/, ''), name);
  const written = await eachAtOnce(sidecars, async (name) => {
    const media = mediaById.get(name.slice(0, -'.json'.length));
    if (media === undefined) return 0;
    return stat(resolveInLibrary(root, `${folder}/${media}`)).then(
      (info) => info.mtimeMs,
      () => 0,
    );
  });
  const order = sidecars.map((name, index) => ({ name, written: written[index] ?? 0 }));
  // Ties keep name order (the sort is stable), as a folder without times is read.
  order.sort((a, b) => b.written - a.written);
  return { folder, names, sidecars: order.map((entry) => entry.name) };
}

/** Reads the sidecars `names` of a listed day folder with their media files; those that cannot be used are left out, with the reason in `report`. */
export async function readSidecars(root: string, day: DayListing, names: readonly string[], report: ReadingReport): Promise<Candidate[]> {
  const read = await eachAtOnce(names, (name) => readCandidate(root, day, name, report));
  return read.filter((candidate): candidate is Candidate => candidate !== undefined);
}

/** One sidecar and its media file; undefined (and the reason in `report`) when it cannot be used. */
async function readCandidate(root: string, day: DayListing, name: string, report: ReadingReport): Promise<Candidate | undefined> {
  const sidecarPath = `${day.folder}/${name}`;
  report.scanned++;
  const skip = (reason: string): void => void report.skipped.push({ path: sidecarPath, reason });
  let sidecar: AssetSidecar;
  try {
    sidecar = await readAssetSidecar(resolveInLibrary(root, sidecarPath));
  } catch (error) {
    skip(error instanceof Error ? error.message : String(error));
    return undefined;
  }
  if (`${sidecar.id}.json` !== name) {
    skip(`its id ${sidecar.id} does not match its file name`);
    return undefined;
  }
  const media = day.names.find((other) => other.startsWith(`${sidecar.id}.`) && other !== name);
  if (media === undefined) {
    skip('its media file is missing');
    return undefined;
  }
  const filePath = `${day.folder}/${media}`;
  const info = await stat(resolveInLibrary(root, filePath));
  const thumbPath = thumbPathFor(filePath);
  return { sidecarPath, sidecar, filePath, bytes: info.size, thumbPath: (await exists(resolveInLibrary(root, thumbPath))) ? thumbPath : null };
}
