import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { csvFirstRows } from '../model/csv-rows';
import { templatePreview } from '../model/template-preview';

/** Rows of the CSV read for the preview: enough for its fifty prompts at one prompt a row. */
const PREVIEW_ROWS = 50;

/**
 * The prompts a template will make, behind a disclosure under the batch controls, so they can be
 * read before sending: with the CSV, its first rows' values in the `{{column}}` parts.
 */
export function TemplatePreviewList({ template, csvRows, csvText }: { template: string; csvRows: number | null; csvText: string | null }) {
  const { t } = useTranslation();
  const firstRows = useMemo(() => (csvText === null ? [] : csvFirstRows(csvText, PREVIEW_ROWS)), [csvText]);
  const preview = useMemo(() => templatePreview(template, undefined, firstRows), [template, firstRows]);
  if (template.trim() === '') return null;
  if (preview.unreadable) return <p className="field-help">{t('templatePreview.unreadable')}</p>;
  const rows = preview.columns.length > 0 ? (csvRows ?? 0) : 1;
  const total = preview.perRow * rows;
  return (
    <details className="template-preview">
      <summary>{t('templatePreview.summary', { count: total })}</summary>
      {preview.columns.length > 0 && <p className="field-help">{t('templatePreview.perRow', { count: preview.perRow, rows, column: '{{column}}' })}</p>}
      <ol className="template-preview-list" aria-label={t('templatePreview.list')}>
        {preview.prompts.map((prompt, index) => (
          <li key={`${index} ${prompt}`}>{prompt}</li>
        ))}
      </ol>
      {preview.perRow > preview.prompts.length && <p className="field-help">{t('templatePreview.more', { count: preview.perRow - preview.prompts.length })}</p>}
    </details>
  );
}
