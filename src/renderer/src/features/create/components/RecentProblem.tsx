import { useTranslation } from 'react-i18next';
import type { StudioError } from '../../../../../shared/contract';
import { useErrorWording } from '../../../errors/use-error-wording';
import './RecentProblem.css';

/**
 * Why a recent job failed, small enough for the strip: the studio's explanation and the gateway's
 * own words as they came, each cut to a few lines (the whole text is in the tooltip and on the
 * Timeline).
 */
export function RecentProblem({ problem }: { problem: StudioError }) {
  const { t } = useTranslation();
  const { summary, gatewayText } = useErrorWording(problem);
  const whole = gatewayText === null ? summary : `${summary}\n${t('errors.gatewaySaid')} ${gatewayText}`;
  return (
    <div className="recent-error" title={whole}>
      <p className="recent-error-summary">{summary}</p>
      {gatewayText !== null && (
        <p className="recent-error-gateway">
          <q lang={/[\u3400-\u9fff]/.test(gatewayText) ? 'zh' : undefined}>{gatewayText}</q>
        </p>
      )}
    </div>
  );
}
