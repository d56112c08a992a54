import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { StudioError } from '../../../shared/contract';
import { errorSummary } from '../../../shared/contract/error-summary';
import type { ErrorWording } from '../../../shared/contract/error-wording';
import { useTranslate } from '../i18n/use-words';
import { loadErrorWording, useLoadedErrorWording } from './error-wording-loader';
import './ErrorMessage.css';

/**
 * The error in the UI language. The frame shows errors before the model catalog's code is in:
 * until then the summary alone, the field lines once it has loaded.
 */
function useWording(error: StudioError): ErrorWording {
  const translate = useTranslate();
  const wordError = useLoadedErrorWording();
  useEffect(() => {
    if (wordError === undefined) void loadErrorWording();
  }, [wordError]);
  return wordError === undefined ? { ...errorSummary(error, translate), issues: [] } : wordError(error, translate);
}

/**
 * An error as the user reads it: the explanation in their language, the fields to fix, and the
 * gateway's own words beside it, as they came (often Chinese, marked as such for screen readers).
 */
export function ErrorMessage({ error }: { error: StudioError }) {
  const { t } = useTranslation();
  const { summary, issues, gatewayText } = useWording(error);
  return (
    <div className="error-message">
      <p className="error-summary">{summary}</p>
      {issues.length > 0 && (
        <ul className="error-issues">
          {issues.map((issue, index) => (
            <li key={`${issue.path}-${index}`}>{issue.text}</li>
          ))}
        </ul>
      )}
      {gatewayText !== null && gatewayText !== summary && (
        <p className="error-gateway">
          <span className="error-gateway-label">{t('errors.gatewaySaid')}</span>{' '}
          <q lang={/[\u3400-\u9fff]/.test(gatewayText) ? 'zh' : undefined}>{gatewayText}</q>
        </p>
      )}
    </div>
  );
}
