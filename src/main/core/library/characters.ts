import type { LibraryDatabase } from './library-database';

/** A character created on the gateway; prompts reference it as `@username`. */
export interface StoredCharacter {
  /** The gateway's character id. */
  id: string;
  username: string;
  /** The artist's own name for it (prompts say `@name`; the gateway gets `@username`), if any. */
  name: string | null;
  displayName: string | null;
  /** The character task (or video task) it was extracted from. */
  sourceTaskId: string | null;
  profilePictureUrl: string | null;
  /** The gateway profile it was created on (characters belong to one account). */
  profileId: string | null;
  createdAt: number;
}

export type NewCharacter = Omit<StoredCharacter, 'name' | 'createdAt' | 'displayName' | 'sourceTaskId' | 'profilePictureUrl' | 'profileId'> &
  Partial<Pick<StoredCharacter, 'createdAt' | 'displayName' | 'sourceTaskId' | 'profilePictureUrl' | 'profileId'>>;

interface CharacterRow {
  id: string;
  username: string;
  name: string | null;
  display_name: string | null;
  source_task_id: string | null;
  profile_picture_url: string | null;
  profile_id: string | null;
  created_at: number;
}

function toCharacter(row: CharacterRow): StoredCharacter {
  return {
    id: row.id,
    username: row.username,
    name: row.name,
    displayName: row.display_name,
    sourceTaskId: row.source_task_id,
    profilePictureUrl: row.profile_picture_url,
    profileId: row.profile_id,
    createdAt: row.created_at,
  };
}

/**
 * Stores a character, or refreshes it when the gateway reports it again (same id). A username
 * now held by another id is taken over: the gateway is the authority on who `@username` is. So
 * is another character's name equal to it (ignoring case): that name is released, since a
 * mention is read as a username first.
 */
export function saveCharacter(db: LibraryDatabase, input: NewCharacter): StoredCharacter {
  return db.transaction(() => {
    db.prepare('DELETE FROM characters WHERE username = ? AND id <> ?').run(input.username, input.id);
    db.prepare('UPDATE characters SET name = NULL WHERE name = ? COLLATE NOCASE AND id <> ?').run(input.username, input.id);
    const sql = `INSERT INTO characters (id, username, display_name, source_task_id, profile_picture_url, profile_id, created_at)
                 VALUES (?, ?, ?, ?, ?, ?, ?)
                 ON CONFLICT (id) DO UPDATE SET username = excluded.username,
                   display_name = COALESCE(excluded.display_name, display_name),
                   source_task_id = COALESCE(excluded.source_task_id, source_task_id),
                   profile_picture_url = COALESCE(excluded.profile_picture_url, profile_picture_url),
                   profile_id = COALESCE(excluded.profile_id, profile_id)`;
    db.prepare(sql).run(
      input.id,
      input.username,
      input.displayName ?? null,
      input.sourceTaskId ?? null,
      input.profilePictureUrl ?? null,
      input.profileId ?? null,
      input.createdAt ?? db.now(),
    );
    const saved = getCharacter(db, input.id);
    if (!saved) throw new Error(`Character ${input.id} vanished while it was being written.`);
    return saved;
  });
}

export function getCharacter(db: LibraryDatabase, id: string): StoredCharacter | undefined {
  const row = db.prepare<[string], CharacterRow>('SELECT * FROM characters WHERE id = ?').get(id);
  return row && toCharacter(row);
}

/** The character a prompt means by `@username` (with or without the `@`). */
export function findCharacterByUsername(db: LibraryDatabase, username: string): StoredCharacter | undefined {
  const row = db.prepare<[string], CharacterRow>('SELECT * FROM characters WHERE username = ?').get(username.replace(/^@/, ''));
  return row && toCharacter(row);
}

/** Characters newest first, optionally only those of one gateway profile. */
export function listCharacters(db: LibraryDatabase, options: { profileId?: string } = {}): StoredCharacter[] {
  const rows =
    options.profileId === undefined
      ? db.prepare<[], CharacterRow>('SELECT * FROM characters ORDER BY created_at DESC, id').all()
      : db.prepare<[string], CharacterRow>('SELECT * FROM characters WHERE profile_id = ? ORDER BY created_at DESC, id').all(options.profileId);
  return rows.map(toCharacter);
}

/** The characters a task (character task, or video task that also made characters) yielded. */
export function listCharactersOfTask(db: LibraryDatabase, taskId: string): StoredCharacter[] {
  return db.prepare<[string], CharacterRow>('SELECT * FROM characters WHERE source_task_id = ? ORDER BY created_at, id').all(taskId).map(toCharacter);
}

export function deleteCharacter(db: LibraryDatabase, id: string): boolean {
  return db.prepare('DELETE FROM characters WHERE id = ?').run(id).changes === 1;
}
