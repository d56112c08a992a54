import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { characterNameProblem, type NamedCharacter } from '../../../../../shared/catalog';
import { TextField } from '../../../ui';

export interface CharacterNameFieldProps {
  value: string;
  onChange: (value: string) => void;
  /** The library's characters, whose names and usernames a new name must not repeat. */
  characters: readonly NamedCharacter[];
  /** The character being renamed (it may keep its name); absent for a new one. */
  ownId?: string | undefined;
  /** Shows a problem once the artist tried to go on; a taken name shows at once. */
  tried: boolean;
}

/** Why a typed name cannot be given (empty: none asked for, which is fine), worded; undefined when it can. */
export function characterNameError(t: TFunction, value: string, characters: readonly NamedCharacter[], ownId?: string): string | undefined {
  const name = value.trim();
  const problem = name === '' ? null : characterNameProblem(name, characters, ownId);
  if (problem === null) return undefined;
  return problem === 'character_name_taken' ? t('reasons.errors.character_name_taken', { name }) : t('reasons.errors.character_name_invalid', { name });
}

/** The name prompts mention a character by, checked as it is typed with the rules main applies. */
export function CharacterNameField({ value, onChange, characters, ownId, tried }: CharacterNameFieldProps) {
  const { t } = useTranslation();
  const error = characterNameError(t, value, characters, ownId);
  const shown = tried || characterNameProblem(value.trim(), characters, ownId) === 'character_name_taken' ? error : undefined;
  return (
    <TextField
      label={t('create.character.name')}
      help={t('create.character.nameHelp')}
      value={value}
      error={shown}
      spellCheck={false}
      autoComplete="off"
      placeholder="mira"
      onChange={onChange}
    />
  );
}
