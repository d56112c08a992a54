import { CircleCheck, CircleX, Plug } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ConnectionTest as Outcome, Envelope } from '../../../../../shared/contract';
import { connectionCauseWords } from '../../../../../shared/contract/connection-causes';
import { ErrorMessage } from '../../../errors/ErrorMessage';
import { useTranslate } from '../../../i18n/use-words';
import { Button } from '../../../ui';

/**
 * "Test connection": asks the profile's gateway for its models with the stored key and says what
 * came of it, naming the cause a person can fix (address not found, refused, certificate, too slow,
 * wrong key, wrong base path), with the technical detail beside it.
 */
export function ConnectionTest({ onTest }: { onTest: () => Promise<Envelope<Outcome>> }) {
  const { t } = useTranslation();
  const translate = useTranslate();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<Envelope<Outcome> | null>(null);
  const result = answer?.ok ? answer.value : null;
  return (
    <div className="connection-test">
      <Button
        icon={Plug}
        busy={busy}
        onClick={() => {
          setBusy(true);
          void onTest().then((outcome) => {
            setAnswer(outcome);
            setBusy(false);
          });
        }}
      >
        {t('connection.test')}
      </Button>
      <div className="connection-outcome" role="status">
        {answer && !answer.ok && <ErrorMessage error={answer.error} />}
        {result?.ok && (
          <p className="connection-ok">
            <CircleCheck size={16} aria-hidden="true" />
            {t('connection.ok', { count: result.models ?? 0 })}
          </p>
        )}
        {result && !result.ok && result.cause && (
          <>
            <p className="connection-failed">
              <CircleX size={16} aria-hidden="true" />
              {translate(connectionCauseWords(result.cause))}
            </p>
            {(result.status !== null || result.detail) && (
              <p className="field-help">
                {t('connection.detail', { detail: [result.status === null ? null : `HTTP ${result.status}`, result.detail].filter(Boolean).join(' · ') })}
              </p>
            )}
          </>
        )}
      </div>
    </div>
  );
}
