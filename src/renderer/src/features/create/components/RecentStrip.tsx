import { CircleAlert, Clapperboard, ImagePlus, RefreshCw, UserRound, Wand2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { jobProblem, type AssetView, type JobView } from '../../../../../shared/contract';
import { isPending } from '../../../../../shared/jobs/job-states';
import { paths } from '../../../routing/paths';
import { writeAssetDrag } from '../../../entities/asset-drag';
import { IconButton, ProgressBar } from '../../../ui';
import { RecentProblem } from './RecentProblem';

export interface RecentItem {
  job: JobView;
  /** Its results in the library, as they land. */
  assets: AssetView[];
  /** The model's name in the UI language. */
  modelName: string;
  /** For a character job: the character's `@username` once it is in the registry. */
  characterName: string | null;
}

export interface RecentStripProps {
  items: readonly RecentItem[];
  mediaUrl: (libraryPath: string) => string;
  onReuse: (asset: AssetView) => void;
  onReference: (asset: AssetView) => void;
  onRemix: (asset: AssetView) => void;
  onCharacter: (asset: AssetView) => void;
}

/**
 * This screen's recent jobs, newest first: live progress while they run, their results as they
 * land (each opens in the gallery, drags into a reference tray, or starts the next request).
 */
export function RecentStrip({ items, mediaUrl, onReuse, onReference, onRemix, onCharacter }: RecentStripProps) {
  const { t } = useTranslation();
  return (
    <section className="recent" aria-labelledby="recent-title">
      <h2 id="recent-title" className="section-title">
        {t('create.recent.title')}
      </h2>
      {items.length === 0 ? (
        <p className="recent-empty">{t('create.recent.empty')}</p>
      ) : (
        <ul className="recent-list">
          {items.map(({ job, assets, modelName, characterName }) => {
            const active = isPending(job.state);
            const state = t(`create.jobState.${job.state}`);
            const shown = assets.length > 0 ? assets : [null];
            const problem = job.state === 'failed' ? jobProblem(job) : null;
            return shown.map((asset, index) => (
              <li key={`${job.id}-${asset?.id ?? index}`} className={`recent-item recent-${job.state}`} aria-label={`${job.prompt || modelName} · ${state}`}>
                <div className="recent-thumb">
                  {asset ? (
                    <Link
                      to={paths.asset(asset.id)}
                      draggable={asset.kind === 'image'}
                      onDragStart={(event) => writeAssetDrag(event.dataTransfer, { id: asset.id, kind: asset.kind, name: asset.prompt.slice(0, 40) || asset.id })}
                      aria-label={t('create.recent.open', { prompt: asset.prompt || modelName })}
                    >
                      {asset.thumbPath ? <img src={mediaUrl(asset.thumbPath)} alt="" /> : <span className="recent-placeholder">{asset.kind === 'video' ? <Clapperboard size={22} /> : <ImagePlus size={22} />}</span>}
                      {asset.kind === 'video' && <span className="recent-badge">{t('create.recent.video')}</span>}
                    </Link>
                  ) : (
                    <span className="recent-placeholder" aria-hidden="true">
                      {job.state === 'failed' ? <CircleAlert size={22} /> : job.variantId.startsWith('character.') ? <UserRound size={22} /> : active ? <span className="spinner" /> : <ImagePlus size={22} />}
                    </span>
                  )}
                </div>
                <div className="recent-meta">
                  <p className="recent-prompt" title={job.prompt}>
                    {characterName ? `@${characterName}` : job.prompt || modelName}
                  </p>
                  <p className="recent-state">
                    <span>{modelName}</span> · <span>{state}</span>
                  </p>
                  {active && <ProgressBar size="sm" label={t('create.recent.progress', { prompt: job.prompt || modelName })} value={job.progress === null ? null : job.progress / 100} />}
                  {problem && <RecentProblem problem={problem} />}
                </div>
                {asset && (
                  <div className="recent-actions">
                    <IconButton size="sm" label={t('create.recent.reuse')} icon={RefreshCw} onClick={() => onReuse(asset)} />
                    {asset.kind === 'image' ? (
                      <IconButton size="sm" label={t('create.recent.reference')} icon={ImagePlus} onClick={() => onReference(asset)} />
                    ) : (
                      <>
                        <IconButton size="sm" label={t('create.recent.remix')} icon={Wand2} onClick={() => onRemix(asset)} />
                        <IconButton size="sm" label={t('create.recent.character')} icon={UserRound} onClick={() => onCharacter(asset)} />
                      </>
                    )}
                  </div>
                )}
              </li>
            ));
          })}
        </ul>
      )}
    </section>
  );
}
