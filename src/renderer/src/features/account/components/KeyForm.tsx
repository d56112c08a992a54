import { KeyRound } from 'lucide-react';
import { useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { modelLabels } from '../../../entities/model-names';
import type { FieldErrors } from '../../../errors/field-errors';
import { useLocale } from '../../../errors/use-error-wording';
import { Button, Switch, TextField } from '../../../ui';
import { emptyKeyDraft, type KeyDraft } from '../account-model';

export interface KeyFormProps {
  /** Model ids the key in use reaches (null while loading). */
  models: string[] | null;
  /** Creates the key; resolves to the errors to show beside each field, or null when created. */
  onCreate: (draft: KeyDraft) => Promise<FieldErrors | null>;
}

/** A restricted key's name, spending cap, expiry, daily and monthly limits, models and group. */
export function KeyForm({ models, onCreate }: KeyFormProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const names = modelLabels(models ?? [], locale, { standard: t('plainWords.modelStandard'), official: t('plainWords.modelOfficial') });
  const [draft, setDraft] = useState<KeyDraft>(emptyKeyDraft);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const edit = (patch: Partial<KeyDraft>): void => setDraft({ ...draft, ...patch });
  const toggleModel = (id: string, on: boolean): void => edit({ models: on ? [...draft.models, id] : draft.models.filter((m) => m !== id) });

  const submit = async (event: SubmitEvent<HTMLFormElement>): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    const found = await onCreate(draft);
    setErrors(found ?? {});
    if (found === null) setDraft(emptyKeyDraft);
    setBusy(false);
  };

  return (
    <form className="key-form" noValidate onSubmit={(event) => void submit(event)} aria-label={t('account.key.formLabel')}>
      <TextField
        label={t('account.key.name')}
        value={draft.name}
        onChange={(name) => edit({ name })}
        error={errors.name}
        help={t('account.key.nameHelp')}
        maxLength={50}
        autoComplete="off"
      />
      <TextField
        label={t('account.key.expires')}
        type="date"
        value={draft.expires}
        onChange={(expires) => edit({ expires })}
        error={errors.expiresAt}
        help={t('account.key.expiresHelp')}
      />
      <div className="key-form-wide">
        <Switch
          label={t('account.key.unlimited')}
          help={t('account.key.unlimitedHelp')}
          checked={draft.unlimited}
          onChange={(unlimited) => edit({ unlimited })}
        />
      </div>
      {!draft.unlimited && (
        <TextField
          label={t('account.key.credits')}
          inputMode="decimal"
          value={draft.credits}
          onChange={(credits) => edit({ credits })}
          error={errors.remainCredits}
          help={t('account.key.creditsHelp')}
        />
      )}
      <TextField
        label={t('account.key.daily')}
        inputMode="decimal"
        value={draft.daily}
        onChange={(daily) => edit({ daily })}
        error={errors.dailyCredits}
        help={t('account.key.limitHelp')}
      />
      <TextField
        label={t('account.key.monthly')}
        inputMode="decimal"
        value={draft.monthly}
        onChange={(monthly) => edit({ monthly })}
        error={errors.monthlyCredits}
        help={t('account.key.limitHelp')}
      />
      <TextField
        label={t('account.key.group')}
        value={draft.group}
        onChange={(group) => edit({ group })}
        error={errors.group}
        help={t('account.key.groupHelp')}
        autoComplete="off"
      />
      <fieldset className="key-models key-form-wide">
        <legend>{t('account.key.models')}</legend>
        <p className="field-help">{t('account.key.modelsHelp')}</p>
        {models === null ? (
          <p className="field-help">{t('app.loading')}</p>
        ) : (
          <div className="key-model-list">
            {models.map((id) => (
              // The gateway's id stays at hand as a tooltip; the name is what is read.
              <label key={id} className="key-model" title={id}>
                <input type="checkbox" checked={draft.models.includes(id)} onChange={(event) => toggleModel(id, event.target.checked)} />
                <span>{names.get(id) ?? id}</span>
              </label>
            ))}
          </div>
        )}
        {errors.modelLimits !== undefined && <p className="field-error">{errors.modelLimits}</p>}
      </fieldset>
      <div className="form-actions key-form-wide">
        <Button type="submit" variant="primary" icon={KeyRound} disabled={busy}>
          {t('account.key.create')}
        </Button>
      </div>
    </form>
  );
}
