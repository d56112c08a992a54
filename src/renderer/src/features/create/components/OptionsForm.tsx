import { useTranslation } from 'react-i18next';
import type { FormFieldDescription, Locale, LocalizedText } from '../../../../../shared/catalog';
import { FieldControl } from './FieldControl';

export interface OptionsFormProps {
  fields: readonly FormFieldDescription[];
  values: Readonly<Record<string, unknown>>;
  errors: Readonly<Record<string, LocalizedText>>;
  locale: Locale;
  onChange: (key: string, value: unknown) => void;
  /** The variant's cross-field rules in words, under the advanced options. */
  rules: readonly LocalizedText[];
}

/** The chosen model's options, built from the catalog's form description; advanced ones fold away. */
export function OptionsForm({ fields, values, errors, locale, onChange, rules }: OptionsFormProps) {
  const { t } = useTranslation();
  const render = (field: FormFieldDescription) => (
    <FieldControl key={field.key} field={field} value={values[field.key]} locale={locale} error={errors[field.key]?.[locale]} onChange={(value) => onChange(field.key, value)} />
  );
  const main = fields.filter((field) => !field.advanced);
  const advanced = fields.filter((field) => field.advanced);
  const advancedErrors = advanced.filter((field) => errors[field.key] !== undefined).length;
  return (
    <div className="options-form">
      {main.length === 0 && advanced.length === 0 && <p className="field-help">{t('create.options.none')}</p>}
      {main.map(render)}
      {advanced.length > 0 && (
        // Opens by itself when one of its fields needs a change, so the reason is never hidden.
        <details className="options-advanced" open={advancedErrors > 0 ? true : undefined}>
          <summary>
            {t('create.options.more', { count: advanced.length })}
            {advancedErrors > 0 && <span className="badge badge-danger">{t('create.options.toFix', { count: advancedErrors })}</span>}
          </summary>
          <div className="options-advanced-body">{advanced.map(render)}</div>
        </details>
      )}
      {rules.length > 0 && (
        <ul className="options-rules">
          {rules.map((rule) => (
            <li key={rule.en}>{rule[locale]}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
