import { Plus, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormFieldDescription, Locale } from '../../../../../shared/catalog';
import { Button, Field, IconButton, Select } from '../../../ui';
import { sayWords } from '../../../i18n/use-words';

export interface ObjectListControlProps {
  field: FormFieldDescription;
  value: unknown;
  locale: Locale;
  error?: string | undefined;
  onChange: (value: unknown) => void;
}

type Row = Record<string, unknown>;

/**
 * A list of objects: rows of choices where the catalog names the item's fields (safety
 * settings), else one JSON object per line as the gateway defines them (omni elements).
 */
export function ObjectListControl(props: ObjectListControlProps) {
  return props.field.items ? <RowsControl {...props} items={props.field.items} /> : <JsonLinesControl {...props} />;
}

function RowsControl({ field, value, error, onChange, items }: ObjectListControlProps & { items: FormFieldDescription[] }) {
  const { t } = useTranslation();
  const rows: Row[] = Array.isArray(value) ? (value as Row[]) : [];
  const max = field.range?.max;
  const update = (next: Row[]): void => onChange(next.length === 0 ? undefined : next);
  const blank = (): Row => Object.fromEntries(items.map((item) => [item.key, item.choices?.[0]?.value ?? '']));
  return (
    <fieldset className="option-field object-rows">
      <legend className="field-legend">{sayWords(field.label)}</legend>
      {rows.map((row, index) => (
        <div key={index} className="object-row">
          {items.map((item) => (
            <Select
              key={item.key}
              label={sayWords(item.label)}
              value={typeof row[item.key] === 'string' || typeof row[item.key] === 'number' ? String(row[item.key]) : ''}
              options={(item.choices ?? []).map((choice) => ({ value: String(choice.value), label: sayWords(choice.label) }))}
              onChange={(picked) => update(rows.map((other, i) => (i === index ? { ...other, [item.key]: picked } : other)))}
            />
          ))}
          <IconButton
            label={t('create.options.removeRow', { index: index + 1 })}
            icon={Trash2}
            size="sm"
            onClick={() => update(rows.filter((_, i) => i !== index))}
          />
        </div>
      ))}
      <Button size="sm" icon={Plus} disabled={max !== undefined && rows.length >= max} onClick={() => update([...rows, blank()])}>
        {t('create.options.addRow')}
      </Button>
      {field.help && <p className="field-help">{sayWords(field.help)}</p>}
      {error && <p className="field-error">{error}</p>}
    </fieldset>
  );
}

function JsonLinesControl({ field, value, error, onChange }: ObjectListControlProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(Array.isArray(value) ? value.map((item) => JSON.stringify(item)).join('\n') : '');
  const [unreadable, setUnreadable] = useState(false);
  const read = (text: string): void => {
    setDraft(text);
    const lines = text
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    try {
      const parsed: unknown[] = lines.map((line) => JSON.parse(line) as unknown);
      const objects = parsed.every((item) => item !== null && typeof item === 'object' && !Array.isArray(item));
      setUnreadable(!objects);
      onChange(lines.length === 0 ? undefined : objects ? parsed : text);
    } catch {
      setUnreadable(true);
      // Kept as text, which the form refuses until it reads as objects.
      onChange(text);
    }
  };
  return (
    <Field
      label={sayWords(field.label)}
      help={sayWords(field.help) ?? t('create.options.jsonLines')}
      error={error ?? (unreadable ? t('create.options.jsonUnreadable') : undefined)}
      className="option-field"
    >
      {(control) => (
        <textarea
          {...control}
          className="input textarea mono"
          rows={2}
          spellCheck={false}
          placeholder='{"element_id": 123}'
          value={draft}
          onChange={(event) => read(event.target.value)}
        />
      )}
    </Field>
  );
}
