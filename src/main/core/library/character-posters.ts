import type { LibraryDatabase } from './library-database';

/** The `metadata` of a stored request, when it has one. */
function metadataOf(request: string): Record<string, unknown> {
  try {
    const parsed = JSON.parse(request) as { metadata?: unknown };
    return parsed.metadata !== null && typeof parsed.metadata === 'object' ? (parsed.metadata as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

/**
 * The poster frame of the video a character was made from, when that video is in the library: the
 * character task's request names its source (a finished video task, or a video's address, which
 * a task of this library fetched), or the source is that video's task itself.
 */
export function characterPosterPath(db: LibraryDatabase, sourceTaskId: string | null): string | null {
  if (sourceTaskId === null) return null;
  const row = db.prepare<[string], { request: string }>('SELECT j.request FROM tasks t JOIN jobs j ON j.id = t.job_id WHERE t.id = ?').get(sourceTaskId);
  let videoTaskId = sourceTaskId;
  if (row) {
    const metadata = metadataOf(row.request);
    if (typeof metadata.character_from_task === 'string') videoTaskId = metadata.character_from_task;
    else if (typeof metadata.character_url === 'string') {
      const fetched = db
        .prepare<[string], { id: string }>('SELECT t.id FROM tasks t, json_each(t.result_urls) AS url WHERE url.value = ? LIMIT 1')
        .get(metadata.character_url);
      if (fetched) videoTaskId = fetched.id;
    }
  }
  const poster = db
    .prepare<[string], { thumb_path: string }>('SELECT thumb_path FROM assets WHERE task_id = ? AND thumb_path IS NOT NULL ORDER BY result_index LIMIT 1')
    .get(videoTaskId);
  return poster?.thumb_path ?? null;
}
