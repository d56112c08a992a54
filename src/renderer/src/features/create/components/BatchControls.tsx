import { FileSpreadsheet, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '../../../../../shared/catalog';
import { IconButton, SegmentedControl, TextField } from '../../../ui';
import { TemplatePreviewList } from './TemplatePreviewList';
import type { ModelChoice } from '../model/model-choices';
import type { CsvFile, PromptMode } from '../store/batch-slice';
import { sayWords } from '../../../i18n/use-words';

/** Data rows of a CSV (its header row aside; blank lines are not rows). */
const csvRowCount = (text: string): number => Math.max(0, text.split('\n').filter((line) => line.trim() !== '').length - 1);

export interface BatchControlsProps {
  /** The prompt box's text, read as a template in template mode. */
  template: string;
  mode: PromptMode;
  count: number;
  csv: CsvFile | null;
  /** Whether the template names `{{columns}}` (then it needs a CSV). */
  usesColumns: boolean;
  fanOutChoices: readonly ModelChoice[];
  fanOut: readonly string[];
  creditBudget: string;
  keyCredits: string;
  locale: Locale;
  onMode: (mode: PromptMode) => void;
  onCount: (count: number) => void;
  onCsv: (csv: CsvFile | null) => void;
  onToggleFanOut: (key: string) => void;
  onCreditBudget: (text: string) => void;
  onKeyCredits: (text: string) => void;
  /** Problems of these controls, worded (a budget that is not a number). */
  errors: { count?: string | undefined; creditBudget?: string | undefined; keyCredits?: string | undefined; csv?: string | undefined };
}

const MAX_COUNT = 100;

/**
 * How many requests the form makes: the count per prompt, how the prompt box is read (one
 * prompt, one per line, or a template with a CSV), other models to run every prompt on, and an
 * optional credit budget or a key capped for this batch.
 */
export function BatchControls(props: BatchControlsProps) {
  const { mode, count, csv, usesColumns, fanOutChoices, fanOut, creditBudget, keyCredits, errors } = props;
  const { t } = useTranslation();
  const readCsv = async (file: File | undefined): Promise<void> => {
    if (file) props.onCsv({ name: file.name, text: await file.text() });
  };
  return (
    <div className="batch-controls">
      <div className="batch-row">
        <SegmentedControl
          flow="nowrap"
          label={t('create.batch.mode')}
          value={mode}
          options={[
            { value: 'single', label: t('create.batch.single') },
            { value: 'lines', label: t('create.batch.lines') },
            { value: 'template', label: t('create.batch.template') },
          ]}
          onChange={props.onMode}
        />
        <div className="batch-count" data-field="batch.count">
          <TextField
            label={t('create.batch.count')}
            value={String(count)}
            inputMode="numeric"
            error={errors.count}
            onChange={(typed) => {
              const value = Number(typed);
              props.onCount(Number.isInteger(value) ? Math.max(0, Math.min(MAX_COUNT * 10, value)) : 0);
            }}
          />
        </div>
      </div>
      {mode === 'template' && (
        <div className="batch-csv" data-field="batch.csv">
          <p className="field-help">{t('create.batch.templateHelp', { column: '{{column}}' })}</p>
          {csv ? (
            <p className="batch-csv-file">
              <FileSpreadsheet size={16} aria-hidden="true" />
              <span>{t('create.batch.csvRows', { name: csv.name, rows: csvRowCount(csv.text) })}</span>
              <IconButton label={t('create.batch.csvRemove', { name: csv.name })} icon={X} size="sm" onClick={() => props.onCsv(null)} />
            </p>
          ) : (
            <label className={`button button-sm${usesColumns ? ' button-primary' : ''}`}>
              <FileSpreadsheet size={16} aria-hidden="true" />
              {t('create.batch.csvPick')}
              <input
                type="file"
                className="visually-hidden"
                accept=".csv,text/csv"
                aria-label={t('create.batch.csvPick')}
                onChange={(event) => void readCsv(event.target.files?.[0])}
              />
            </label>
          )}
          {errors.csv && <p className="field-error">{errors.csv}</p>}
          <TemplatePreviewList template={props.template} csvRows={csv ? csvRowCount(csv.text) : null} csvText={csv?.text ?? null} />
        </div>
      )}
      {fanOutChoices.length > 0 && (
        <details className="batch-fanout" open={fanOut.length > 0 ? true : undefined}>
          <summary>{fanOut.length === 0 ? t('create.batch.fanOut') : t('create.batch.fanOutCount', { count: fanOut.length })}</summary>
          <fieldset className="check-group fanout-list">
            <legend className="visually-hidden">{t('create.batch.fanOut')}</legend>
            {fanOutChoices.map((choice) => (
              <label key={choice.key} className="check-option">
                <input type="checkbox" checked={fanOut.includes(choice.key)} onChange={() => props.onToggleFanOut(choice.key)} />
                <span>{sayWords(choice.label)}</span>
              </label>
            ))}
          </fieldset>
        </details>
      )}
      <details className="batch-budget" open={creditBudget !== '' || keyCredits !== '' ? true : undefined}>
        <summary>{t('create.batch.budget')}</summary>
        <div className="batch-row">
          <div className="batch-field" data-field="batch.creditBudget">
            <TextField
              label={t('create.batch.creditBudget')}
              help={t('create.batch.creditBudgetHelp')}
              inputMode="decimal"
              value={creditBudget}
              error={errors.creditBudget}
              onChange={props.onCreditBudget}
            />
          </div>
          <div className="batch-field" data-field="batch.keyCredits">
            <TextField
              label={t('create.batch.keyCredits')}
              help={t('create.batch.keyCreditsHelp')}
              inputMode="decimal"
              value={keyCredits}
              error={errors.keyCredits}
              onChange={props.onKeyCredits}
            />
          </div>
        </div>
      </details>
    </div>
  );
}
