/**
 * The names artists give characters (`@mira` for the gateway's `@lumi_ca03`), and the names asked
 * for when a character is made, kept with the job that makes it until the character arrives.
 * The rules themselves are shared with the window (`characterNameProblem`).
 */
import type { NamedCharacter } from '../../../shared/catalog';
import { isTerminal, type JobState } from '../../../shared/jobs/job-states';
import { getCharacter, type StoredCharacter } from './characters';
import type { LibraryDatabase } from './library-database';

/** Every character's id, username and name: what a prompt's mentions are read against. */
export function namedCharacters(db: LibraryDatabase): NamedCharacter[] {
  return db.prepare<[], NamedCharacter>('SELECT id, username, name FROM characters').all();
}

/** Names a character by id (null removes its name); the character as it is now, undefined when there is none. */
export function setCharacterName(db: LibraryDatabase, id: string, name: string | null): StoredCharacter | undefined {
  db.prepare('UPDATE characters SET name = ? WHERE id = ?').run(name, id);
  return getCharacter(db, id);
}

/** Keeps the name asked for the character a job will make. */
export function requestCharacterName(db: LibraryDatabase, jobId: string, name: string): void {
  db.prepare('INSERT INTO character_name_requests (job_id, name) VALUES (?, ?) ON CONFLICT (job_id) DO UPDATE SET name = excluded.name').run(jobId, name);
}

/** The name asked for the character a job makes, taken (so it is given once); undefined when none was asked. */
export function takeRequestedCharacterName(db: LibraryDatabase, jobId: string): string | undefined {
  return db.transaction(() => {
    const row = db.prepare<[string], { name: string }>('SELECT name FROM character_name_requests WHERE job_id = ?').get(jobId);
    db.prepare('DELETE FROM character_name_requests WHERE job_id = ?').run(jobId);
    return row?.name;
  });
}

/**
 * Every name and username a new name must not repeat: the characters', and the names asked for
 * characters still being made (by jobs that have not ended), each as a character of its own.
 */
export function namesInUse(db: LibraryDatabase): NamedCharacter[] {
  const characters = namedCharacters(db);
  const asked = db
    .prepare<[], { job_id: string; name: string; state: JobState }>(
      'SELECT r.job_id, r.name, j.state FROM character_name_requests r JOIN jobs j ON j.id = r.job_id',
    )
    .all()
    .filter((row) => !isTerminal(row.state));
  return [...characters, ...asked.map((row) => ({ id: `job:${row.job_id}`, username: '', name: row.name }))];
}
