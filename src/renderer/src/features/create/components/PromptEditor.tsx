import { UserRound } from 'lucide-react';
import { forwardRef, useId, useImperativeHandle, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { mentionOf } from '../../../../../shared/catalog';
import type { CharacterView } from '../../../../../shared/contract';
import { completeMention, mentionAt, suggestCharacters } from '../model/prompt-mentions';
import { insertAtCursor } from '../model/prompt-placeholders';

export interface PromptEditorHandle {
  /** Puts text (a placeholder) where the caret is, and keeps the focus in the prompt. */
  insert: (text: string) => void;
}

export interface PromptEditorProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  help?: string | undefined;
  error?: string | undefined;
  /** `@mentions` suggest the registry's characters. */
  characters?: readonly CharacterView[] | undefined;
  /** Shows a character's picture (the poster of the video it came from). */
  mediaUrl?: ((libraryPath: string) => string) | undefined;
  maxLength?: number | undefined;
  /** Up (`older`) or Down (`newer`) with no suggestion open: true when it recalls an earlier prompt. */
  onRecall?: ((direction: 'older' | 'newer', value: string) => boolean) | undefined;
}

/**
 * The prompt: a large text box. Where the model takes characters, typing `@` opens suggestions
 * from the registry, each with its picture (arrow keys move, Enter or Tab choose, Escape closes),
 * as a combobox. The suggestions take their own room under the box rather than covering the
 * next section.
 */
export const PromptEditor = forwardRef<PromptEditorHandle, PromptEditorProps>(function PromptEditor(
  { label, value, onChange, placeholder, help, error, characters, mediaUrl, maxLength, onRecall },
  ref,
) {
  const { t } = useTranslation();
  const id = useId();
  const area = useRef<HTMLTextAreaElement>(null);
  const [caret, setCaret] = useState(0);
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<number | null>(null);
  const mention = characters ? mentionAt(value, caret) : null;
  const suggestions = mention && characters && dismissed !== mention.start ? suggestCharacters(characters, mention.query) : [];
  const listOpen = suggestions.length > 0;

  const place = (text: string, at: number): void => {
    onChange(text);
    setCaret(at);
    requestAnimationFrame(() => {
      area.current?.focus();
      area.current?.setSelectionRange(at, at);
    });
  };

  useImperativeHandle(ref, () => ({
    insert: (text) => {
      const element = area.current;
      const next = insertAtCursor(value, element?.selectionStart ?? value.length, element?.selectionEnd ?? value.length, text);
      place(next.text, next.caret);
    },
  }));

  const choose = (character: CharacterView | undefined): void => {
    if (!character || !mention) return;
    // Named characters are written by their name; the request sends `@username`.
    const next = completeMention(value, mention.start, caret, mentionOf(character));
    setActive(0);
    place(next.text, next.caret);
  };

  const keys = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (!listOpen) {
      const direction = event.key === 'ArrowUp' ? 'older' : event.key === 'ArrowDown' ? 'newer' : undefined;
      const plain = !event.altKey && !event.ctrlKey && !event.metaKey && !event.shiftKey;
      if (direction && plain && onRecall?.(direction, value) === true) event.preventDefault();
      return;
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((current) => (current + (event.key === 'ArrowDown' ? 1 : -1) + suggestions.length) % suggestions.length);
    } else if ((event.key === 'Enter' && !event.ctrlKey && !event.metaKey) || event.key === 'Tab') {
      event.preventDefault();
      choose(suggestions[Math.min(active, suggestions.length - 1)]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      event.stopPropagation();
      setDismissed(mention?.start ?? null);
    }
  };

  const describedBy = [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const activeIndex = Math.min(active, suggestions.length - 1);
  return (
    <div className="prompt-editor">
      <label htmlFor={id} className="prompt-label">
        {label}
      </label>
      <textarea
        ref={area}
        id={id}
        className="prompt-input"
        value={value}
        placeholder={placeholder}
        rows={4}
        spellCheck
        role={characters ? 'combobox' : undefined}
        aria-autocomplete={characters ? 'list' : undefined}
        aria-expanded={characters ? listOpen : undefined}
        aria-controls={characters ? `${id}-mentions` : undefined}
        aria-activedescendant={listOpen ? `${id}-mention-${activeIndex}` : undefined}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          onChange(event.target.value);
          setCaret(event.target.selectionStart);
          setActive(0);
        }}
        onSelect={(event) => setCaret(event.currentTarget.selectionStart)}
        onKeyDown={keys}
        onBlur={() => setDismissed(mention?.start ?? null)}
        onFocus={() => setDismissed(null)}
      />
      {characters && (
        <ul id={`${id}-mentions`} role="listbox" aria-label={t('create.prompt.mentions')} className="mention-list" hidden={!listOpen}>
          {suggestions.map((character, index) => (
            <li
              key={character.id}
              id={`${id}-mention-${index}`}
              role="option"
              aria-selected={index === activeIndex}
              className={`mention-option${index === activeIndex ? ' mention-option-active' : ''}`}
              // Chosen on mouse down, before the text box loses the focus.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(character);
              }}
            >
              <span className="mention-picture" aria-hidden="true">
                {character.posterPath && mediaUrl ? <img src={mediaUrl(character.posterPath)} alt="" /> : <UserRound size={18} />}
              </span>
              <span className="mention-text">
                <span className="mention-name">@{mentionOf(character)}</span>
                {character.name !== null && <span className="mention-display">{t('create.prompt.mentionUsername', { username: character.username })}</span>}
                {character.displayName && <span className="mention-display">{character.displayName}</span>}
              </span>
            </li>
          ))}
        </ul>
      )}
      <div className="prompt-foot">
        {help && (
          <p id={`${id}-help`} className="field-help">
            {help}
          </p>
        )}
        {maxLength !== undefined && (
          <p className={`prompt-count${value.length > maxLength ? ' prompt-count-over' : ''}`} aria-live="off">
            {t('create.prompt.count', { count: value.length, max: maxLength })}
          </p>
        )}
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error" role="status">
          {error}
        </p>
      )}
    </div>
  );
});
