import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../../ui';
import type { RetryNote as Note } from '../store/recent-slice';
import { RecentProblem } from './RecentProblem';
import './RetryNote.css';

/** Beside the prompt after "Edit and retry": the values are the ended job's, and why it ended, to change before sending again. */
export function RetryNote({ note, onDismiss }: { note: Note; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="retry-note" role="status" aria-label={t('stream.retryNote.label')}>
      <div className="retry-note-body">
        <p className="retry-note-lead">{t(note.state === 'canceled' ? 'stream.retryNote.canceled' : 'stream.retryNote.failed')}</p>
        {note.problem && <RecentProblem problem={note.problem} />}
      </div>
      <IconButton size="sm" label={t('alert.dismiss')} icon={X} onClick={onDismiss} />
    </div>
  );
}
