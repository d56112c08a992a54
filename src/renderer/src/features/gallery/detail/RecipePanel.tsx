import {
  Clapperboard,
  Copy,
  Download,
  ExternalLink,
  FolderOpen,
  FolderPlus,
  Images,
  Maximize,
  RefreshCw,
  Repeat2,
  Shuffle,
  Star,
  Trash2,
  UserRoundPlus,
  Wand2,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { modelNameOf, variantNameOf } from '../../../../../shared/catalog';
import { friendlyModelName } from '../../../entities/model-names';
import type { AssetDetail, AssetView } from '../../../../../shared/contract';
import { useTranslate } from '../../../i18n/use-words';
import type { NextSteps } from '../../../entities/result-actions';
import { paths } from '../../../routing/paths';
import { Badge, Button } from '../../../ui';
import { ReferenceStrip } from './ReferenceStrip';
import { formatBytes, formatDuration, jobDurations, recipeRows } from '../model/recipe';

export interface RecipePanelProps {
  asset: AssetView;
  detail: AssetDetail | undefined;
  canReveal: boolean;
  fileUrl: string;
  boardNames: string[];
  locale: string;
  steps: NextSteps;
  onReroll: () => void;
  onVary: () => void;
  /** The recipe at a larger tier with this result as the reference. */
  onLarger: (tier: string) => void;
  onCopyPrompt: () => void;
  onFavourite: () => void;
  onAddToBoard: () => void;
  onReveal: () => void;
  onExport: () => void;
  onDelete: () => void;
  compareLink: string | null;
  mediaUrl: (path: string) => string;
}

const isChinese = (text: string): string | undefined => (/[\u3400-\u9fff]/.test(text) ? 'zh' : undefined);

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}

/** The ids a result is known by at the gateway and in the studio, for "Technical details" (the request names the model's). */
function technicalIds(asset: AssetView): { term: 'gallery.detail.taskId' | 'gallery.detail.jobId'; id: string }[] {
  const ids = [
    { term: 'gallery.detail.taskId', id: asset.taskId },
    { term: 'gallery.detail.jobId', id: asset.jobId },
  ] as const;
  return ids.flatMap((row) => (row.id ? [{ term: row.term, id: row.id }] : []));
}

/** Beside the picture: the prompt, what to do with the result, and every part of the recipe that made it. */
export function RecipePanel({ asset, detail, canReveal, fileUrl, boardNames, locale, ...on }: RecipePanelProps) {
  const { t } = useTranslation();
  // The catalog's names in the window's language, whichever it is.
  const reader = useTranslate();
  // Named as the picker names it: by the variant that made it, else by the model id's words.
  const byVariant = modelNameOf(asset.model, reader, asset.variantId);
  const modelName = byVariant !== asset.model ? byVariant : friendlyModelName(asset.model, reader);
  const job = detail?.job ?? null;
  const times = job ? jobDurations(job) : null;
  const credits = job?.creditsSpent ?? null;
  const linkButton = 'button button-sm button-secondary recipe-link';
  return (
    <aside className="recipe-panel" aria-label={t('gallery.detail.details')}>
      <section className="recipe-prompt" aria-label={t('gallery.detail.prompt')}>
        <h2 className="recipe-heading">{t('gallery.detail.prompt')}</h2>
        <p lang={isChinese(asset.prompt)}>{asset.prompt || t('gallery.untitled')}</p>
        <div className="recipe-actions">
          <Button size="sm" icon={Copy} onClick={on.onCopyPrompt}>
            {t('gallery.detail.copyPrompt')}
          </Button>
          <Button size="sm" icon={Star} aria-pressed={asset.favourite} onClick={on.onFavourite}>
            {asset.favourite ? t('gallery.unfavourite') : t('gallery.favourite')}
          </Button>
          <Button size="sm" icon={FolderPlus} onClick={on.onAddToBoard}>
            {t('gallery.addToBoard')}
          </Button>
        </div>
      </section>

      <ReferenceStrip references={detail?.references ?? []} variantId={asset.variantId} mediaUrl={on.mediaUrl} />

      {(on.steps.again || on.steps.vary) && (
        <section className="recipe-next" aria-label={t('gallery.detail.nextSteps')}>
          <h2 className="recipe-heading">{t('gallery.detail.nextSteps')}</h2>
          <div className="recipe-actions">
            {on.steps.again && (
              <Button size="sm" variant="primary" icon={RefreshCw} onClick={on.onReroll}>
                {t('resultActions.reroll')}
              </Button>
            )}
            {on.steps.vary && (
              <Button size="sm" icon={Shuffle} onClick={on.onVary}>
                {t('resultActions.vary')}
              </Button>
            )}
            {on.steps.larger.map((tier) => (
              <Button key={tier} size="sm" icon={Maximize} title={t('resultActions.largerHelp', { tier })} onClick={() => on.onLarger(tier)}>
                {t('resultActions.larger', { tier })}
              </Button>
            ))}
          </div>
          {on.steps.larger.length > 0 && <p className="recipe-note">{t('resultActions.largerNote')}</p>}
        </section>
      )}

      <section className="recipe-actions recipe-main-actions" aria-label={t('gallery.detail.actions')}>
        <Link className="button button-sm button-secondary recipe-link" to={paths.create({ reuse: asset.id })}>
          <Repeat2 size={16} aria-hidden="true" />
          {t('gallery.detail.reuse')}
        </Link>
        {asset.kind === 'image' ? (
          <Link className={linkButton} to={paths.create({ reference: asset.id })}>
            <Images size={16} aria-hidden="true" />
            {t('gallery.detail.useAsReference')}
          </Link>
        ) : (
          <>
            <Link className={linkButton} to={paths.create({ remix: asset.id })}>
              <Wand2 size={16} aria-hidden="true" />
              {t('gallery.detail.remix')}
            </Link>
            <Link className={linkButton} to={paths.create({ character: asset.id })}>
              <UserRoundPlus size={16} aria-hidden="true" />
              {t('gallery.detail.createCharacter')}
            </Link>
          </>
        )}
        {canReveal ? (
          <Button size="sm" icon={FolderOpen} onClick={on.onReveal}>
            {t('gallery.detail.reveal')}
          </Button>
        ) : (
          <a className={linkButton} href={fileUrl} target="_blank" rel="noopener noreferrer">
            <ExternalLink size={16} aria-hidden="true" />
            {t('gallery.detail.openFile')}
          </a>
        )}
        <Button size="sm" icon={Download} onClick={on.onExport}>
          {t('gallery.detail.exportRecipe')}
        </Button>
        {on.compareLink && (
          <Link className={linkButton} to={on.compareLink}>
            <Clapperboard size={16} aria-hidden="true" />
            {t('gallery.compareBatch')}
          </Link>
        )}
        <Button size="sm" variant="danger" icon={Trash2} onClick={on.onDelete}>
          {t('gallery.delete')}
        </Button>
      </section>

      <section aria-label={t('gallery.detail.details')}>
        <h2 className="recipe-heading">{t('gallery.detail.details')}</h2>
        <dl className="recipe-list">
          <Row term={t('gallery.detail.model')}>{modelName}</Row>
          {asset.variantId && <Row term={t('gallery.detail.variant')}>{variantNameOf(asset.variantId, reader)}</Row>}
          {asset.preset && <Row term={t('assistant.recipePreset')}>{asset.preset.name}</Row>}
          {asset.width !== null && asset.height !== null && <Row term={t('gallery.detail.size')}>{`${asset.width} × ${asset.height}`}</Row>}
          {asset.durationMs !== null && <Row term={t('gallery.detail.duration')}>{formatDuration(asset.durationMs, reader)}</Row>}
          <Row term={t('gallery.detail.file')}>{`${asset.mime} · ${formatBytes(asset.bytes)}`}</Row>
          <Row term={t('gallery.detail.created')}>{new Date(asset.createdAt).toLocaleString(locale)}</Row>
          {times?.queued != null && <Row term={t('gallery.detail.queued')}>{formatDuration(times.queued, reader)}</Row>}
          {times?.generating != null && <Row term={t('gallery.detail.generating')}>{formatDuration(times.generating, reader)}</Row>}
          {times?.total != null && <Row term={t('gallery.detail.total')}>{formatDuration(times.total, reader)}</Row>}
          <Row term={t('gallery.detail.credits')}>
            {credits === null
              ? t('gallery.detail.unknown')
              : t(job?.creditsMeasured ? 'gallery.detail.creditsMeasured' : 'gallery.detail.creditsEstimated', { credits: credits.toLocaleString(locale) })}
          </Row>
          {detail?.batch && (
            <Row term={t('gallery.detail.batch')}>
              <Link to={paths.gallery({ batchId: detail.batch.id })}>{detail.batch.name}</Link>
            </Row>
          )}
          {asset.tags.length > 0 && (
            <Row term={t('gallery.detail.tags')}>
              <span className="recipe-badges">
                {asset.tags.map((tag) => (
                  <Badge key={tag}>{`#${tag}`}</Badge>
                ))}
              </span>
            </Row>
          )}
          {boardNames.length > 0 && <Row term={t('gallery.detail.boards')}>{boardNames.join(', ')}</Row>}
        </dl>
      </section>

      {/* The request as the gateway read it, by its own field names: for those who want them. */}
      <section aria-label={t('gallery.detail.parameters')}>
        <details className="recipe-technical">
          <summary className="recipe-heading">{t('plainWords.technicalDetails')}</summary>
          <table className="recipe-table" translate="no">
            <tbody>
              {/* The gateway's and the studio's own ids, as a support request would name them. */}
              {technicalIds(asset).map((row) => (
                <tr key={row.term}>
                  <th scope="row">{t(row.term)}</th>
                  <td>
                    <code>{row.id}</code>
                  </td>
                </tr>
              ))}
              {recipeRows(asset.request).map((row) => (
                <tr key={row.key}>
                  <th scope="row">{row.key}</th>
                  <td lang={isChinese(row.value)}>{row.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </details>
      </section>
    </aside>
  );
}
