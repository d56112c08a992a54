import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { StudioError } from '../../../shared/contract';
import { IconButton } from '../ui/IconButton';
import { ErrorMessage } from './ErrorMessage';
import './ErrorAlert.css';

interface ErrorAlertProps {
  error: StudioError | null;
  onDismiss: () => void;
}

/** The last failed call, announced to screen readers as it appears; forms keep what was typed. */
export function ErrorAlert({ error, onDismiss }: ErrorAlertProps) {
  const { t } = useTranslation();
  if (!error) return null;
  return (
    <div className="alert" role="alert">
      <div className="alert-text">
        <p className="alert-title">{t('alert.title')}</p>
        <ErrorMessage error={error} />
      </div>
      <IconButton label={t('alert.dismiss')} icon={X} onClick={onDismiss} />
    </div>
  );
}
