import { ChevronDown, Search } from 'lucide-react';
import { useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../../shared/catalog';
import { Dialog } from '../../../ui';
import { filterChoices, groupByFamily, type ModelChoice } from '../model/model-choices';

export interface ModelPickerProps {
  choices: readonly ModelChoice[];
  selected: ModelChoice | undefined;
  locale: Locale;
  onChoose: (choice: ModelChoice) => void;
  /** Shown instead of the choices while the list loads or when it failed. */
  status: 'loading' | 'ready' | 'error';
}

/**
 * The model: a button naming the current one with what it does, opening a searchable list of
 * every model of the gateway grouped by family (arrow keys move, Enter chooses, Escape closes).
 */
export function ModelPicker({ choices, selected, locale, onChoose, status }: ModelPickerProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const listId = useId();
  const list = useRef<HTMLDivElement>(null);
  const shown = useMemo(() => filterChoices(choices, query), [choices, query]);
  const groups = useMemo(() => groupByFamily(shown), [shown]);
  const flat = groups.flatMap((group) => group.choices);

  const show = (): void => {
    setQuery('');
    setActive(Math.max(0, choices.findIndex((choice) => choice.key === selected?.key)));
    setOpen(true);
  };
  const choose = (choice: ModelChoice | undefined): void => {
    if (!choice) return;
    onChoose(choice);
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

  return (
    <>
      <button type="button" className="model-trigger" onClick={show} aria-haspopup="dialog" disabled={status !== 'ready'}>
        <span className="model-trigger-text">
          <span className="model-trigger-label">{t('create.model.label')}</span>
          <span className="model-trigger-name">{selected ? selected.label[locale] : status === 'loading' ? t('create.model.loading') : t('create.model.none')}</span>
        </span>
        {selected && (
          <span className="model-trigger-chips" aria-hidden="true">
            {selected.chips.slice(0, 3).map((chip) => (
              <span key={chip.en} className="chip">
                {chip[locale]}
              </span>
            ))}
          </span>
        )}
        <ChevronDown size={16} aria-hidden="true" className="model-trigger-icon" />
      </button>
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
            <div key={group.family} role="group" aria-labelledby={`${listId}-${group.family}`} className="model-group">
              <p id={`${listId}-${group.family}`} className="model-group-title">
                {group.family}
              </p>
              {group.choices.map((choice) => {
                const index = flat.indexOf(choice);
                return (
                  <div
                    key={choice.key}
                    id={`${listId}-${index}`}
                    data-index={index}
                    role="option"
                    aria-label={`${choice.label[locale]} · ${choice.modelId}`}
                    aria-describedby={`${listId}-${index}-help`}
                    aria-selected={choice.key === selected?.key}
                    className={`model-option${index === active ? ' model-option-active' : ''}`}
                    onMouseMove={() => setActive(index)}
                    onClick={() => choose(choice)}
                  >
                    <span className="model-option-head">
                      <span className="model-option-name">{choice.label[locale]}</span>
                      <span className="model-option-id">{choice.modelId}</span>
                    </span>
                    <span className="model-option-help" id={`${listId}-${index}-help`}>
                      {choice.help[locale]}
                      <span className="visually-hidden"> {choice.chips.map((chip) => chip[locale]).join(' · ')}</span>
                    </span>
                    <span className="model-option-chips" aria-hidden="true">
                      {choice.chips.map((chip) => (
                        <span key={chip.en} className="chip">
                          {chip[locale]}
                        </span>
                      ))}
                    </span>
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
