import { useTranslation } from 'react-i18next';
import type { StudioError } from '../../../../../shared/contract';
import { useErrorWording } from '../../../errors/use-error-wording';
import './JobProblem.css';

interface JobProblemProps {
  problem: StudioError;
  /** The engine's account (English, technical), offered under "Details" when it adds something. */
  details: string | null;
  /** `danger` for failures, `warning` for jobs that wait or may have been paid, `note` for done jobs with a remark. */
  tone: 'danger' | 'warning' | 'note';
}

/**
 * What went wrong with a job: the studio's explanation in the UI language, the gateway's own words
 * beside it exactly as they came (often Chinese), and the technical details folded away.
 */
export function JobProblem({ problem, details, tone }: JobProblemProps) {
  const { t } = useTranslation();
  const { summary, gatewayText } = useErrorWording(problem);
  const extra = details !== null && details.trim() !== '' && details !== gatewayText && details !== summary ? details : null;
  return (
    <div className={`job-problem job-problem-${tone}`}>
      <p className="job-problem-summary">{summary}</p>
      {gatewayText !== null && (
        <p className="job-problem-gateway">
          <span className="job-problem-label">{t('errors.gatewaySaid')}</span>{' '}
          <q lang={/[\u3400-\u9fff]/.test(gatewayText) ? 'zh' : undefined}>{gatewayText}</q>
        </p>
      )}
      {extra !== null && (
        <details className="job-problem-details">
          <summary>{t('timeline.job.details')}</summary>
          <p lang="en">{extra}</p>
        </details>
      )}
    </div>
  );
}
