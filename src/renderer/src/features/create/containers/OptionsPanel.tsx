import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { RUN_WORDS, type RunStyle } from '../../../../../shared/catalog';
import { modelLabels } from '../../../entities/model-names';
import { Badge, SegmentedControl, Select } from '../../../ui';
import { OptionsForm } from '../components/OptionsForm';
import { inArtistWords } from '../model/artist-fields';
import { optionFields } from '../model/form-values';
import { entryRuns, entryVersions, resolveChoice } from '../model/model-choices';
import { useCreateStore } from '../store/create-store';
import type { CreateForm } from '../use-create-form';
import { sayWords } from '../../../i18n/use-words';

/**
 * The chosen model's options, in the form: how it runs where there is a choice, its options from
 * the catalog (limits checked as they change), the version among the advanced ones, and what the
 * studio knows of the variant (ids, channel) behind a "Technical details" disclosure.
 */
export function OptionsPanel({ form, attempted }: { form: CreateForm; attempted: boolean }) {
  const { t } = useTranslation();
  const { values, purpose, setValue } = useCreateStore(useShallow((s) => ({ values: s.values, purpose: s.purpose, setValue: s.setValue })));
  const { description, locale, check, selected, entry, createMode } = form;
  if (!description) return null;
  // In a remix the source video is chosen already; it is not an option to type.
  const fields = optionFields(description)
    .filter((field) => !(purpose === 'remix' && field.key === 'video_id' && values.video_id !== undefined))
    .map(inArtistWords);
  const errors = Object.fromEntries(Object.entries(check.fields).flatMap(([key, message]) => (attempted || !message.waits ? [[key, message.text]] : [])));
  const runs = entry ? entryRuns(entry, createMode) : [];
  const versions = entry && selected ? entryVersions(entry, createMode, selected.runs) : [];
  const choose = (want: { runs?: RunStyle | null; modelId?: string }, variantId?: string): void => {
    if (!entry) return;
    const exact = variantId === undefined ? undefined : entry.choices.find((choice) => choice.variantId === variantId && choice.modelId === want.modelId);
    const resolved = exact
      ? { choice: exact, mode: createMode }
      : resolveChoice(entry, { mode: createMode, runs: want.runs ?? selected?.runs ?? null, modelId: want.modelId ?? null });
    if (resolved) useCreateStore.getState().chooseModel(resolved.choice, resolved.mode);
  };
  const versionNames = modelLabels(
    versions.map((choice) => choice.modelId),
    locale,
    { standard: t('plainWords.modelStandard'), official: t('plainWords.modelOfficial') },
  );
  const version =
    versions.length > 1 && selected ? (
      <Select
        label={t('create.options.version')}
        help={t('create.options.versionHelp')}
        value={selected.key}
        options={versions.map((choice) => ({
          value: choice.key,
          label: [versionNames.get(choice.modelId) ?? choice.modelId, choice.versionNote ? sayWords(choice.versionNote) : undefined]
            .filter(Boolean)
            .join(' · '),
        }))}
        onChange={(key) => {
          const picked = versions.find((choice) => choice.key === key);
          if (picked) choose({ modelId: picked.modelId }, picked.variantId);
        }}
      />
    ) : null;
  return (
    <section className="options-panel" aria-labelledby="options-title">
      <div className="options-head">
        <h2 id="options-title" className="section-title">
          {t('create.options.title')}
        </h2>
        {selected?.generic && <Badge tone="warning">{t('create.options.generic')}</Badge>}
      </div>
      {runs.length > 1 && selected?.runs && (
        <div className="option-field" data-field="runs">
          <SegmentedControl
            flow="nowrap"
            label={t('create.options.runs')}
            value={selected.runs}
            options={runs.map((value) => ({ value, label: sayWords(RUN_WORDS[value].label) }))}
            onChange={(value) => choose({ runs: value })}
          />
          <p className="field-help">{sayWords(RUN_WORDS[selected.runs].help)}</p>
        </div>
      )}
      <OptionsForm fields={fields} values={values} errors={errors} locale={locale} rules={description.rules} onChange={setValue} advancedExtra={version} />
      <details className="options-details">
        <summary>{t('create.options.details')}</summary>
        <dl className="options-details-list">
          <dt>{t('create.options.modelId')}</dt>
          <dd className="mono">{selected?.modelId ?? description.modelIds[0]}</dd>
          <dt>{t('create.options.variant')}</dt>
          <dd>
            {sayWords(selected?.variantLabel ?? description.label)} <span className="mono">({description.variantId})</span>
          </dd>
          <dt>{t('create.options.about')}</dt>
          <dd>{sayWords(description.help)}</dd>
          {description.channel && (
            <>
              <dt>{t('create.options.channel')}</dt>
              <dd>
                {sayWords(description.channel.label)}
                {description.channel.note ? ` ${sayWords(description.channel.note)}` : ''}
              </dd>
            </>
          )}
        </dl>
      </details>
    </section>
  );
}
