import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { templatePreview } from '../model/template-preview';

/** Rows of the CSV read for the preview: enough for its fifty prompts at one prompt a row. */
const PREVIEW_ROWS = 50;

type Rows = Record<string, string>[];

/**
 * The CSV's first rows, read once its parser has loaded: the parser is loaded only here, so
 * Create's page code (loaded with the window, beside the Gallery) leaves it out.
 */
function useCsvFirstRows(csvText: string | null): Rows {
  const [read, setRead] = useState<{ text: string; rows: Rows } | null>(null);
  useEffect(() => {
    if (csvText === null) return;
    let current = true;
    void import('../model/csv-rows').then(({ csvFirstRows }) => {
      if (current) setRead({ text: csvText, rows: csvFirstRows(csvText, PREVIEW_ROWS) });
    });
    return () => {
      current = false;
    };
  }, [csvText]);
  return useMemo(() => (csvText !== null && read?.text === csvText ? read.rows : []), [csvText, read]);
}

/**
 * The prompts a template will make, behind a disclosure under the batch controls, so they can be
 * read before sending: with the CSV, its first rows' values in the `{{column}}` parts.
 */
export function TemplatePreviewList({ template, csvRows, csvText }: { template: string; csvRows: number | null; csvText: string | null }) {
  const { t } = useTranslation();
  const firstRows = useCsvFirstRows(csvText);
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
