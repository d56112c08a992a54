import { Info, Sparkles, TriangleAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, localShortcutModifier } from '../../../ui';
import type { FormProblem } from '../model/form-problems';
import './SubmitBar.css';

export interface SubmitBarProps {
  purpose: 'generate' | 'remix';
  busy: boolean;
  /** Notes that do not block sending (a channel limit, a model's caveat). */
  notes: readonly string[];
  /** What keeps the form from being sent; each links to its field. */
  problems: readonly FormProblem[];
  onProblem: (key: string) => void;
  /** Set while this way of running answers edits without an image: the way to one that returns it. */
  summaryOnly: { onQueue: (() => void) | null } | null;
  /** What will run and what it costs, or why it cannot run yet. */
  status: ReactNode;
  onSubmit: () => void;
}

/**
 * The foot of the form, always in view: notes, the problems to fix (as links to their fields),
 * a warning when an edit would come back without an image, what will run, and Generate.
 */
export function SubmitBar({ purpose, busy, notes, problems, onProblem, summaryOnly, status, onSubmit }: SubmitBarProps) {
  const { t } = useTranslation();
  return (
    <div className="submit-bar">
      {notes.length > 0 && (
        <ul className="submit-notes" aria-label={t('create.warnings')}>
          {notes.map((note) => (
            <li key={note}>
              <Info size={14} aria-hidden="true" />
              <span>{note}</span>
            </li>
          ))}
        </ul>
      )}
      {summaryOnly && (
        <div className="submit-summary" role="note">
          <TriangleAlert size={16} aria-hidden="true" />
          <p>{t('create.summaryOnly.warning')}</p>
          {summaryOnly.onQueue && (
            <Button size="sm" variant="primary" onClick={summaryOnly.onQueue}>
              {t('create.summaryOnly.switch')}
            </Button>
          )}
        </div>
      )}
      {problems.length > 0 && (
        <div className="submit-problems" role="alert">
          <p className="submit-problems-title">{t('create.submit.needFix')}</p>
          <ul>
            {problems.map((problem, index) => (
              <li key={`${problem.key}-${index}`}>
                <a
                  href={`#field-${problem.key}`}
                  onClick={(event) => {
                    event.preventDefault();
                    onProblem(problem.key);
                  }}
                >
                  {problem.label ? t('create.submit.problem', { field: problem.label, message: problem.message }) : problem.message}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <div className="submit-row">
        <div className="submit-status">{status}</div>
        <Button
          variant="primary"
          size="lg"
          className="submit-button"
          icon={Sparkles}
          busy={busy}
          onClick={onSubmit}
          aria-keyshortcuts="Control+Enter Meta+Enter"
        >
          {purpose === 'remix' ? t('create.submit.remix') : t('create.submit.generate')}
          <kbd className="kbd">{t('create.submit.shortcut', { modifier: localShortcutModifier() })}</kbd>
        </Button>
      </div>
    </div>
  );
}
