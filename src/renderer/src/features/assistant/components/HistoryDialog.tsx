import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryEntry } from '../../../../../shared/contract';
import { Dialog, SegmentedControl, TextField } from '../../../ui';
import './HistoryDialog.css';

export interface HistoryDialogProps {
  open: boolean;
  onClose: () => void;
  /** Reads the prompts for a search and an order (the newest answer wins). */
  load: (query: string, order: 'recent' | 'frequent') => Promise<readonly HistoryEntry[] | null>;
  onChoose: (entry: HistoryEntry) => void;
  dateOf: (time: number) => string;
  /** The name of the model an entry was last used with, as the artist knows it. */
  modelOf: (entry: HistoryEntry) => string;
  /** The address of a library file, for the thumbnails of results. */
  mediaUrl: (path: string) => string;
}

const SEARCH_DELAY_MS = 200;

/**
 * Every prompt sent before, newest or most used first, searched in English or Chinese, each with a
 * thumbnail of its newest result; a template is listed once and marked as one.
 */
export function HistoryDialog({ open, onClose, load, onChoose, dateOf, modelOf, mediaUrl }: HistoryDialogProps) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const [order, setOrder] = useState<'recent' | 'frequent'>('recent');
  const [entries, setEntries] = useState<readonly HistoryEntry[] | null>(null);

  useEffect(() => {
    if (!open) return;
    let current = true;
    const timer = setTimeout(
      () => {
        void load(query, order).then((found) => {
          if (current) setEntries(found);
        });
      },
      query === '' ? 0 : SEARCH_DELAY_MS,
    );
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [open, query, order, load]);

  return (
    <Dialog open={open} title={t('assistant.history.title')} onClose={onClose} closeLabel={t('assistant.closeDialog')} size="wide">
      <div className="history-controls">
        <TextField
          label={t('assistant.history.search')}
          help={t('assistant.history.searchHint')}
          type="search"
          value={query}
          className="history-search"
          onChange={setQuery}
          onKeyDown={(event) => {
            if (event.key !== 'ArrowDown') return;
            event.preventDefault();
            document.querySelector<HTMLButtonElement>('.history-entry')?.focus();
          }}
        />
        <SegmentedControl
          label={t('assistant.history.order')}
          value={order}
          options={[
            { value: 'recent', label: t('assistant.history.recent') },
            { value: 'frequent', label: t('assistant.history.frequent') },
          ]}
          onChange={setOrder}
        />
      </div>
      {entries === null ? (
        <p className="history-note">{t('assistant.history.loading')}</p>
      ) : entries.length === 0 ? (
        <p className="history-note">{query.trim() === '' ? t('assistant.history.empty') : t('assistant.history.noMatch')}</p>
      ) : (
        <ul className="history-list" aria-label={t('assistant.history.title')}>
          {entries.map((entry) => (
            <li key={`${entry.isTemplate ? 'template' : 'prompt'}:${entry.prompt}`}>
              <button
                type="button"
                className="history-entry"
                onClick={() => onChoose(entry)}
                onKeyDown={(event) => {
                  const item = event.currentTarget.parentElement;
                  const next = event.key === 'ArrowDown' ? item?.nextElementSibling : event.key === 'ArrowUp' ? item?.previousElementSibling : null;
                  if (!next) return;
                  event.preventDefault();
                  next.querySelector('button')?.focus();
                }}
              >
                {/* The prompt beside it says what it shows, so the picture is not read out again. */}
                {entry.thumbPath === null ? (
                  <span className="history-thumb history-thumb-empty" aria-hidden="true" />
                ) : (
                  <img className="history-thumb" src={mediaUrl(entry.thumbPath)} alt="" loading="lazy" decoding="async" />
                )}
                <span className="history-text">
                  <span className="history-prompt">
                    {entry.isTemplate && <span className="history-template-badge">{t('historyTemplates.badge')}</span>}
                    {entry.isTemplate && ' '}
                    {entry.prompt}
                  </span>
                  <span className="history-meta">
                    {t('assistant.history.meta', { count: entry.uses, model: modelOf(entry), date: dateOf(entry.lastUsedAt) })}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
