import { CircleAlert, CircleCheck, Info, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from './Button';
import { IconButton } from './IconButton';
import { useToastStore, type ToastTone } from './toast-store';
import './ToastRegion.css';

const icons = { info: Info, success: CircleCheck, error: CircleAlert } satisfies Record<ToastTone, unknown>;

/** Where toasts appear: a polite live region, so each is read once without stealing the focus. */
export function ToastRegion() {
  const { t } = useTranslation();
  const toasts = useToastStore((state) => state.toasts);
  const dismiss = useToastStore((state) => state.dismiss);
  return (
    <section className="toast-region" aria-label={t('toast.region')} aria-live="polite">
      {toasts.map((toast) => {
        const Icon = icons[toast.tone];
        return (
          <div key={toast.id} className={`toast toast-${toast.tone}`} role={toast.tone === 'error' ? 'alert' : 'status'}>
            <Icon aria-hidden="true" size={18} className="toast-icon" />
            <p>{toast.message(t)}</p>
            {toast.action && (
              <Button
                size="sm"
                variant="quiet"
                className="toast-action"
                onClick={() => {
                  toast.action?.run();
                  dismiss(toast.id);
                }}
              >
                {toast.action.label(t)}
              </Button>
            )}
            <IconButton label={t('toast.dismiss')} icon={X} size="sm" onClick={() => dismiss(toast.id)} />
          </div>
        );
      })}
    </section>
  );
}
