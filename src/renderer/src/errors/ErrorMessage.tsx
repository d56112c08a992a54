import { useTranslation } from 'react-i18next';
import type { StudioError } from '../../../shared/contract';
import { useErrorWording } from './use-error-wording';
import './ErrorMessage.css';

/**
 * An error as the user reads it: the explanation in their language, the fields to fix, and the
 * gateway's own words beside it, as they came (often Chinese, marked as such for screen readers).
 */
export function ErrorMessage({ error }: { error: StudioError }) {
  const { t } = useTranslation();
  const { summary, issues, gatewayText } = useErrorWording(error);
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
