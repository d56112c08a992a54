import { useShallow } from 'zustand/react/shallow';
import { mentionOf } from '../../../../../shared/catalog';
import { useCharactersStore } from '../../../entities/characters-store';
import { showToast } from '../../../ui';
import { CharacterRenameDialog } from '../components/CharacterRenameDialog';
import { useCreateStore } from '../store/create-store';

/** "Rename @name", started from a character's card in Results. */
export function CharacterRenamer() {
  const renamingId = useCreateStore((s) => s.renamingCharacterId);
  const characters = useCharactersStore(useShallow((s) => Object.values(s.characters)));
  const character = characters.find((candidate) => candidate.id === renamingId);
  return (
    <CharacterRenameDialog
      character={character}
      characters={characters}
      onClose={() => useCreateStore.getState().hideRename()}
      onRename={async (name) => {
        if (!character) return null;
        const answer = await useCreateStore.getState().renameCharacter(character.id, name);
        if (!answer.ok) return answer.error;
        useCharactersStore.getState().charactersReceived([answer.value]);
        showToast((t) => t('create.character.renamed', { name: mentionOf(answer.value) }), 'success');
        return null;
      }}
    />
  );
}
