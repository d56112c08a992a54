import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { Badge } from '../../../ui';
import { OptionsForm } from '../components/OptionsForm';
import { optionFields } from '../model/form-values';
import { useCreateStore } from '../store/create-store';
import type { CreateForm } from '../use-create-form';

/** The chosen model's options beside the prompt: its form from the catalog, limits checked as they change. */
export function OptionsPanel({ form, attempted }: { form: CreateForm; attempted: boolean }) {
  const { t } = useTranslation();
  const { values, purpose, setValue } = useCreateStore(useShallow((s) => ({ values: s.values, purpose: s.purpose, setValue: s.setValue })));
  const { description, locale, check, selected } = form;
  if (!description) return null;
  // In a remix the source video is chosen already; it is not an option to type.
  const fields = optionFields(description).filter((field) => !(purpose === 'remix' && field.key === 'video_id' && values.video_id !== undefined));
  const errors = Object.fromEntries(Object.entries(check.fields).filter(([, message]) => attempted || message.en !== 'Required'));
  return (
    <section className="options-panel" aria-labelledby="options-title">
      <div className="options-head">
        <h2 id="options-title" className="section-title">
          {t('create.options.title')}
        </h2>
        {selected?.generic && <Badge tone="warning">{t('create.options.generic')}</Badge>}
      </div>
      <p className="options-help">{description.help[locale]}</p>
      {description.channel && (
        <p className="options-channel">
          <Badge tone="neutral">{description.channel.label[locale]}</Badge>
          {description.channel.note && <span className="field-help">{description.channel.note[locale]}</span>}
        </p>
      )}
      <OptionsForm fields={fields} values={values} errors={errors} locale={locale} rules={description.rules} onChange={setValue} />
    </section>
  );
}
