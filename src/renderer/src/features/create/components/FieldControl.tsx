import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormFieldDescription, Locale } from '../../../../../shared/catalog';
import { Field, SegmentedControl, Select, Switch, TextField } from '../../../ui';
import { ObjectListControl } from './ObjectListControl';
import { SizePicker } from './SizePicker';
import { sayWords } from '../../../i18n/use-words';

export interface FieldControlProps {
  field: FormFieldDescription;
  /** The artist's value (undefined: not chosen; the control shows the default). */
  value: unknown;
  locale: Locale;
  error?: string | undefined;
  onChange: (value: unknown) => void;
}

/** The unit after a choice ("5 s"); counts of images and tokens need none. */
function suffix(field: FormFieldDescription): string {
  return field.unit === 'seconds' ? ` ${sayWords('catalog.units.seconds')}` : '';
}

function text(value: unknown): string {
  return typeof value === 'string' || typeof value === 'number' ? String(value) : '';
}

/** One option of the model's form, with the control its kind asks for. */
export function FieldControl({ field, value, locale, error, onChange }: FieldControlProps) {
  const { t } = useTranslation();
  const label = sayWords(field.label);
  const help = sayWords(field.help);
  const shown = value === undefined || value === '' ? field.default : value;

  switch (field.control) {
    case 'select': {
      const choices = (field.choices ?? []).map((choice) => ({ value: String(choice.value), label: `${sayWords(choice.label)}${suffix(field)}` }));
      const unset = !field.required && field.default === undefined ? [{ value: '', label: t('create.options.gatewayDefault') }] : [];
      const original = (picked: string): unknown => field.choices?.find((choice) => String(choice.value) === picked)?.value;
      const options = [...unset, ...choices];
      const compact = options.length <= 4 && options.every((option) => option.label.length <= 16);
      return (
        <div className="option-field">
          {compact ? (
            <SegmentedControl
              flow="wrap"
              label={label}
              value={text(shown)}
              options={options}
              onChange={(picked) => onChange(picked === '' ? undefined : original(picked))}
            />
          ) : (
            <Select
              label={label}
              value={text(shown)}
              options={options}
              help={help}
              error={error}
              onChange={(picked) => onChange(picked === '' ? undefined : original(picked))}
            />
          )}
          {compact && help && <p className="field-help">{help}</p>}
          {compact && error && <p className="field-error">{error}</p>}
        </div>
      );
    }
    case 'integer':
    case 'number': {
      const range = field.range;
      const hint = range ? t('create.options.range', { min: range.min, max: range.max, unit: suffix(field) }) : undefined;
      return (
        <TextField
          className="option-field option-number"
          label={label}
          value={text(value)}
          placeholder={field.default === undefined ? '' : text(field.default)}
          inputMode={field.control === 'integer' ? 'numeric' : 'decimal'}
          help={[help, hint].filter(Boolean).join(' ')}
          error={error}
          onChange={(typed) => onChange(typed.trim() === '' ? undefined : typed.trim())}
        />
      );
    }
    case 'toggle':
      return <Switch label={label} help={help} checked={shown === true} onChange={onChange} />;
    case 'text':
      return (
        <TextField
          className="option-field"
          label={label}
          value={text(value)}
          help={help}
          error={error}
          spellCheck={false}
          onChange={(typed) => onChange(typed === '' ? undefined : typed)}
        />
      );
    case 'size':
      return <SizePicker field={field} value={shown} locale={locale} error={error} onChange={onChange} />;
    case 'videos':
      return <AddressList field={field} value={value} locale={locale} error={error} onChange={onChange} />;
    case 'objects':
      return <ObjectListControl field={field} value={value} locale={locale} error={error} onChange={onChange} />;
    case 'search-tools': {
      const chosen = Array.isArray(value) ? (value as unknown[]) : [];
      return (
        <fieldset className="option-field check-group">
          <legend className="field-legend">{label}</legend>
          {(field.choices ?? []).map((choice) => (
            <label key={String(choice.value)} className="check-option">
              <input
                type="checkbox"
                checked={chosen.includes(choice.value)}
                onChange={(event) => onChange(event.target.checked ? [...chosen, choice.value] : chosen.filter((item) => item !== choice.value))}
              />
              <span>{sayWords(choice.label)}</span>
            </label>
          ))}
          {help && <p className="field-help">{help}</p>}
          {error && <p className="field-error">{error}</p>}
        </fieldset>
      );
    }
    default:
      return null;
  }
}

/** Public addresses, one per line (reference videos are not uploaded: the gateway fetches them). */
function AddressList({ field, value, error, onChange }: FieldControlProps) {
  const [draft, setDraft] = useState(Array.isArray(value) ? value.join('\n') : '');
  return (
    <Field label={sayWords(field.label)} help={sayWords(field.help)} error={error} className="option-field">
      {(control) => (
        <textarea
          {...control}
          className="input textarea"
          rows={2}
          spellCheck={false}
          placeholder="https://"
          value={draft}
          onChange={(event) => {
            setDraft(event.target.value);
            const urls = event.target.value
              .split('\n')
              .map((line) => line.trim())
              .filter(Boolean);
            onChange(urls.length === 0 ? undefined : urls);
          }}
        />
      )}
    </Field>
  );
}
