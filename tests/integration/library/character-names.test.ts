/**
 * Character names in a real library file: a name asked for a character still being made is
 * taken until its job ends; a character the gateway reports with a username equal to another's
 * name takes it over (a mention is read as a username first), and that name is released; the
 * database itself refuses two names that differ only in case.
 */
import { describe, expect, it } from 'vitest';
import { characterNameProblem } from '../../../src/shared/catalog';
import { namedCharacters, namesInUse, requestCharacterName, saveCharacter, setCharacterName, takeRequestedCharacterName } from '../../../src/main/core/library';
import { insertJob, transitionJob } from '../../../src/main/core/jobs/store';
import { openLibrary } from './helpers';

describe('character names in the library', () => {
  it('keeps a name asked for a character being made taken until its job ends, and gives it once', () => {
    const { db } = openLibrary();
    const job = insertJob(db, { variantId: 'character.vid-2-vvip.create', model: 'vid-2-vvip', request: { prompt: 'Mira' }, state: 'queued' });
    requestCharacterName(db, job.id, 'mira');
    expect(characterNameProblem('Mira', namesInUse(db))).toBe('character_name_taken');

    transitionJob(db, job.id, ['queued'], 'canceled');
    expect(characterNameProblem('Mira', namesInUse(db))).toBeNull();
    // Queued again (a retry), it asks for the name again; the character takes it once.
    transitionJob(db, job.id, ['canceled'], 'queued');
    expect(characterNameProblem('mira', namesInUse(db))).toBe('character_name_taken');
    expect(takeRequestedCharacterName(db, job.id)).toBe('mira');
    expect(takeRequestedCharacterName(db, job.id)).toBeUndefined();
  });

  it('lets a character arriving with a username equal to a name take it over', () => {
    const { db } = openLibrary();
    saveCharacter(db, { id: 'ch_1', username: 'lumi_ca03' });
    setCharacterName(db, 'ch_1', 'Nova');
    saveCharacter(db, { id: 'ch_2', username: 'nova' });
    expect(namedCharacters(db).sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: 'ch_1', username: 'lumi_ca03', name: null },
      { id: 'ch_2', username: 'nova', name: null },
    ]);
    // Reported again later (same id), a character keeps the name the artist gave it.
    setCharacterName(db, 'ch_1', 'mira');
    saveCharacter(db, { id: 'ch_1', username: 'lumi_ca03', displayName: 'Mira' });
    expect(namedCharacters(db).find((character) => character.id === 'ch_1')?.name).toBe('mira');
  });

  it('refuses two names that differ only in case, whoever writes them', () => {
    const { db } = openLibrary();
    saveCharacter(db, { id: 'ch_1', username: 'lumi_ca03' });
    saveCharacter(db, { id: 'ch_2', username: 'kai_77f1' });
    setCharacterName(db, 'ch_1', 'mira');
    expect(() => setCharacterName(db, 'ch_2', 'MIRA')).toThrow(/UNIQUE/);
  });
});
