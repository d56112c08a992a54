import {
  Aperture,
  ChevronDown,
  Clapperboard,
  Film,
  Image,
  ImagePlay,
  type LucideIcon,
  Search,
  ScanFace,
  Sparkles,
  UserRound,
  Volume2,
  Zap,
} from 'lucide-react';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SPEED_WORDS, type Locale, type ModelIcon } from '../../../../../shared/catalog';
import { Dialog } from '../../../ui';
import { filterEntries, type ModelChoice, type PickerEntry } from '../model/model-choices';
import './ModelPicker.css';
import { sayWords } from '../../../i18n/use-words';

export interface ModelPickerProps {
  entries: readonly PickerEntry[];
  /** The entry in use and the choice within it. */
  entry: PickerEntry | undefined;
  selected: ModelChoice | undefined;
  locale: Locale;
  onChoose: (entry: PickerEntry) => void;
  /** Shown instead of the choices while the list loads or when it failed. */
  status: 'loading' | 'ready' | 'error';
}

const ICONS: Readonly<Record<ModelIcon | 'generic', LucideIcon>> = {
  image: Image,
  'image-fast': Zap,
  'image-detail': ScanFace,
  video: Clapperboard,
  'video-fast': Film,
  'video-sound': Volume2,
  'video-character': UserRound,
  'video-frames': ImagePlay,
  generic: Aperture,
};

/** A model's small picture in the picker. */
function ModelGlyph({ entry }: { entry: Pick<PickerEntry, 'icon' | 'kind'> }) {
  const Icon = ICONS[entry.icon];
  return (
    <span className={`model-glyph model-glyph-${entry.kind}`} aria-hidden="true">
      <Icon size={18} />
    </span>
  );
}

/**
 * The model: a button naming the one in use, with what it is good at, opening a searchable list of
 * the gateway's models as artists know them (one entry each, images then videos, each with what it
 * is good at and how long it takes). Arrow keys move, Enter chooses, Escape closes.
 */
export function ModelPicker({ entries, entry, selected, onChoose, status }: ModelPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const list = useRef<HTMLDivElement>(null);
  const shown = useMemo(() => filterEntries(entries, query), [entries, query]);
  const groups = (['image', 'video'] as const)
    .map((kind) => ({ kind, entries: shown.filter((candidate) => candidate.kind === kind) }))
    .filter((group) => group.entries.length > 0);
  const flat = groups.flatMap((group) => group.entries);

  const show = (): void => {
    setQuery('');
    setActive(
      Math.max(
        0,
        entries.findIndex((candidate) => candidate.id === entry?.id),
      ),
    );
    setOpen(true);
  };
  const choose = (picked: PickerEntry | undefined): void => {
    if (!picked) return;
    onChoose(picked);
    setOpen(false);
  };
  const keys = (event: KeyboardEvent<HTMLInputElement>): void => {
    const step = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (step !== undefined) {
      event.preventDefault();
      const next = (active + step + flat.length) % Math.max(1, flat.length);
      setActive(next);
      list.current?.querySelector(`[data-index="${next}"]`)?.scrollIntoView({ block: 'nearest' });
    } else if (event.key === 'Enter') {
      event.preventDefault();
      choose(flat[active]);
    }
  };
  const speed = selected?.speed ? sayWords(SPEED_WORDS[selected.speed]) : null;

  return (
    <>
      <button type="button" className="model-trigger" onClick={show} aria-haspopup="dialog" disabled={status !== 'ready'}>
        {entry && <ModelGlyph entry={entry} />}
        <span className="model-trigger-text">
          <span className="model-trigger-label">{t('create.model.label')}</span>
          <span className="model-trigger-name">{entry ? sayWords(entry.name) : status === 'loading' ? t('create.model.loading') : t('create.model.none')}</span>
        </span>
        {speed && (
          <span className="chip model-trigger-speed" aria-hidden="true">
            {speed}
          </span>
        )}
        <ChevronDown size={16} aria-hidden="true" className="model-trigger-icon" />
      </button>
      {entry && <p className="model-good-at">{sayWords(entry.goodAt)}</p>}
      <Dialog open={open} title={t('create.model.choose')} onClose={() => setOpen(false)} closeLabel={t('editor.close')} size="wide">
        <div className="model-search">
          <Search size={16} aria-hidden="true" />
          <input
            className="input"
            role="combobox"
            aria-label={t('create.model.search')}
            aria-expanded="true"
            aria-controls={listId}
            aria-activedescendant={flat[active] ? `${listId}-${active}` : undefined}
            placeholder={t('create.model.searchHint')}
            value={query}
            onChange={(event) => {
              setQuery(event.target.value);
              setActive(0);
            }}
            onKeyDown={keys}
          />
        </div>
        <div className="model-list" role="listbox" id={listId} ref={list} aria-label={t('create.model.choose')}>
          {groups.length === 0 && <p className="model-empty">{t('create.model.noMatch')}</p>}
          {groups.map((group) => (
            <div key={group.kind} role="group" aria-labelledby={`${listId}-${group.kind}`} className="model-group">
              <p id={`${listId}-${group.kind}`} className="model-group-title">
                {group.kind === 'image' ? t('create.model.images') : t('create.model.videos')}
              </p>
              {group.entries.map((candidate) => {
                const index = flat.indexOf(candidate);
                const fastest = candidate.choices.find((choice) => choice.speed !== null)?.speed;
                return (
                  <div
                    key={candidate.id}
                    id={`${listId}-${index}`}
                    data-index={index}
                    role="option"
                    aria-label={sayWords(candidate.name)}
                    aria-describedby={`${listId}-${index}-help`}
                    aria-selected={candidate.id === entry?.id}
                    className={`model-option${index === active ? ' model-option-active' : ''}`}
                    onMouseMove={() => setActive(index)}
                    onClick={() => choose(candidate)}
                  >
                    <ModelGlyph entry={candidate} />
                    <span className="model-option-text">
                      <span className="model-option-head">
                        <span className="model-option-name">{sayWords(candidate.name)}</span>
                        {fastest && <span className="model-option-speed">{sayWords(SPEED_WORDS[fastest])}</span>}
                        {candidate.generic && <span className="model-option-speed">{t('create.model.genericNote')}</span>}
                      </span>
                      <span className="model-option-help" id={`${listId}-${index}-help`}>
                        {sayWords(candidate.goodAt)}
                      </span>
                    </span>
                    {candidate.id === entry?.id && <Sparkles size={14} aria-hidden="true" className="model-option-current" />}
                  </div>
                );
              })}
            </div>
          ))}
        </div>
      </Dialog>
    </>
  );
}
