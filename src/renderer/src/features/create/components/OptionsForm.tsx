import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FormFieldDescription, Locale } from '../../../../../shared/catalog';
import type { Words } from '../../../../../shared/i18n/translate';
import { sayWords } from '../../../i18n/use-words';
import { FieldControl } from './FieldControl';

export interface OptionsFormProps {
  fields: readonly FormFieldDescription[];
  values: Readonly<Record<string, unknown>>;
  /** Worded problems by field key. */
  errors: Readonly<Record<string, string>>;
  locale: Locale;
  onChange: (key: string, value: unknown) => void;
  /** The variant's cross-field rules in words, under the advanced options. */
  rules: readonly Words[];
  /** A control of the form itself among the advanced ones (the model's version). */
  advancedExtra?: ReactNode;
}

/** The chosen model's options, built from the catalog's form description; advanced ones fold away. */
export function OptionsForm({ fields, values, errors, locale, onChange, rules, advancedExtra }: OptionsFormProps) {
  const { t } = useTranslation();
  // Each field's holder names it, so a problem listed beside Generate can bring the focus here.
  const render = (field: FormFieldDescription) => (
    <div key={field.key} className="option-holder" data-field={field.key}>
      <FieldControl field={field} value={values[field.key]} locale={locale} error={errors[field.key]} onChange={(value) => onChange(field.key, value)} />
    </div>
  );
  const main = fields.filter((field) => !field.advanced);
  const advanced = fields.filter((field) => field.advanced);
  const advancedErrors = advanced.filter((field) => errors[field.key] !== undefined).length;
  return (
    <div className="options-form">
      {main.length === 0 && advanced.length === 0 && <p className="field-help">{t('create.options.none')}</p>}
      {main.map(render)}
      {(advanced.length > 0 || advancedExtra) && (
        // Opens by itself when one of its fields needs a change, so the reason is never hidden.
        <details className="options-advanced" open={advancedErrors > 0 ? true : undefined}>
          <summary>
            {t('create.options.more', { count: advanced.length + (advancedExtra ? 1 : 0) })}
            {advancedErrors > 0 && <span className="badge badge-danger">{t('create.options.toFix', { count: advancedErrors })}</span>}
          </summary>
          <div className="options-advanced-body">
            {advancedExtra}
            {advanced.map(render)}
          </div>
        </details>
      )}
      {rules.length > 0 && (
        <ul className="options-rules">
          {rules
            .map((rule) => sayWords(rule))
            .map((text) => (
              <li key={text}>{text}</li>
            ))}
        </ul>
      )}
    </div>
  );
}
