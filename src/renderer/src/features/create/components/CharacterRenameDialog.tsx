import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { NamedCharacter } from '../../../../../shared/catalog';
import type { StudioError } from '../../../../../shared/contract';
import { ErrorMessage } from '../../../errors/ErrorMessage';
import { Button, Dialog } from '../../../ui';
import { CharacterNameField, characterNameError } from './CharacterNameField';

export interface CharacterRenameDialogProps {
  /** The character being renamed; the dialog is closed without one. */
  character: NamedCharacter | undefined;
  characters: readonly NamedCharacter[];
  onClose: () => void;
  /** Saves the name (null: back to the username); resolves to the refusal to show, or null once saved. */
  onRename: (name: string | null) => Promise<StudioError | null>;
}

/** Gives a character another name, or takes its name away so prompts use its gateway username. */
export function CharacterRenameDialog({ character, characters, onClose, onRename }: CharacterRenameDialogProps) {
  const { t } = useTranslation();
  return (
    <Dialog
      open={character !== undefined}
      title={t('create.character.renameTitle')}
      description={character ? t('create.character.renameLead', { username: character.username }) : undefined}
      onClose={onClose}
      closeLabel={t('editor.close')}
    >
      {/* Mounted per character, so each opening starts from its name. */}
      {character && <RenameForm key={character.id} character={character} characters={characters} onClose={onClose} onRename={onRename} />}
    </Dialog>
  );
}

function RenameForm({ character, characters, onClose, onRename }: Omit<CharacterRenameDialogProps, 'character'> & { character: NamedCharacter }) {
  const { t } = useTranslation();
  const [name, setName] = useState(character.name ?? '');
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<StudioError | null>(null);

  const save = async (): Promise<void> => {
    setTried(true);
    if (characterNameError(t, name, characters, character.id) !== undefined) return;
    setBusy(true);
    const refused = await onRename(name.trim() === '' ? null : name.trim());
    setBusy(false);
    setError(refused);
    if (!refused) onClose();
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <CharacterNameField value={name} onChange={setName} characters={characters} ownId={character.id} tried={tried} />
      {error && <ErrorMessage error={error} />}
      <div className="dialog-actions">
        <Button onClick={onClose}>{t('confirmDelete.cancel')}</Button>
        <Button variant="primary" type="submit" busy={busy}>
          {t('create.character.save')}
        </Button>
      </div>
    </form>
  );
}
