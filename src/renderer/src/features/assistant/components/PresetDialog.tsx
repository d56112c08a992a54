import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { variantById, type Locale } from '../../../../../shared/catalog';
import type { Preset, PresetDraft, PresetPlacement, StudioError } from '../../../../../shared/contract';
import { fieldErrorsOf } from '../../../errors/field-errors';
import { ErrorMessage } from '../../../errors/ErrorMessage';
import { Button, Dialog, IconButton, SegmentedControl, TextField } from '../../../ui';
import './PresetDialog.css';
import { sayWords } from '../../../i18n/use-words';

/** What the dialog opens on: the list of presets, or the form (a new preset from Create's form, or one to edit). */
export type PresetDialogStart = { view: 'list' } | { view: 'form'; preset: Preset | null };

export interface PresetDialogProps {
  open: boolean;
  start: PresetDialogStart;
  presets: readonly Preset[];
  /** Create's options now and its variant: what a new preset takes. */
  formValues: Readonly<Record<string, unknown>>;
  formVariantId: string | null;
  locale: Locale;
  /** Saves; answers the error to show, or null when it was saved. */
  onSave: (draft: PresetDraft) => Promise<StudioError | null>;
  onDelete: (preset: Preset) => void;
  onClose: () => void;
}

function optionLabel(variantId: string | null, key: string): string {
  const field = variantId ? variantById(variantId)?.fields.find((candidate) => candidate.key === key) : undefined;
  return sayWords(field?.label) ?? key;
}

/** A preset's options, or (for a new one) the options chosen in the form. */
function valuesFor(preset: Preset | null, formValues: Readonly<Record<string, unknown>>): Record<string, unknown> {
  if (preset) return { ...preset.values };
  return Object.fromEntries(Object.entries(formValues).filter(([, value]) => value !== undefined && value !== ''));
}

/** An option's value as a person reads it (a size `{tier, ratio}` as "1K · 16:9"). */
function shown(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  if (Array.isArray(value)) return value.map(shown).join(', ');
  if (value !== null && typeof value === 'object') return Object.values(value).map(shown).join(' · ');
  return '';
}

/** Style presets: the list (edit, delete, new) and the form of one (name, text and where it goes, the options it sets). */
export function PresetDialog({ open, start, presets, formValues, formVariantId, locale, onSave, onDelete, onClose }: PresetDialogProps) {
  const { t } = useTranslation();
  const optionsId = useId();
  // Mounted afresh for each opening (the owner changes its key), so the form starts from `start`.
  const first = start.view === 'form' ? start.preset : null;
  const [view, setView] = useState<'list' | 'form'>(start.view);
  const [editing, setEditing] = useState<Preset | null>(first);
  const [name, setName] = useState(first?.name ?? '');
  const [text, setText] = useState(first?.text ?? '');
  const [placement, setPlacement] = useState<PresetPlacement>(first?.placement ?? 'after');
  const [values, setValues] = useState<Record<string, unknown>>(() => valuesFor(first, formValues));
  const [variantId, setVariantId] = useState<string | null>(first ? first.variantId : formVariantId);
  const [error, setError] = useState<StudioError | null>(null);
  const [busy, setBusy] = useState(false);

  const edit = (preset: Preset | null): void => {
    setView('form');
    setEditing(preset);
    setName(preset?.name ?? '');
    setText(preset?.text ?? '');
    setPlacement(preset?.placement ?? 'after');
    setValues(valuesFor(preset, formValues));
    setVariantId(preset ? preset.variantId : formVariantId);
    setError(null);
  };

  const save = async (): Promise<void> => {
    setBusy(true);
    const problem = await onSave({ ...(editing ? { id: editing.id } : {}), name, text, placement, values, variantId });
    setBusy(false);
    setError(problem);
    if (problem === null) {
      if (start.view === 'form') onClose();
      else setView('list');
    }
  };
  const fields = error ? fieldErrorsOf(error, locale) : {};
  const title =
    view === 'list' ? t('assistant.presets.title') : editing ? t('assistant.presets.editTitle', { name: editing.name }) : t('assistant.presets.newTitle');

  return (
    <Dialog
      open={open}
      title={title}
      onClose={onClose}
      closeLabel={t('assistant.closeDialog')}
      size="wide"
      actions={
        view === 'list' ? (
          <Button variant="primary" icon={Plus} onClick={() => edit(null)}>
            {t('assistant.presets.new')}
          </Button>
        ) : (
          <>
            <Button onClick={() => (start.view === 'form' ? onClose() : setView('list'))}>{t('assistant.presets.cancel')}</Button>
            <Button variant="primary" busy={busy} onClick={() => void save()}>
              {t('assistant.presets.save')}
            </Button>
          </>
        )
      }
    >
      {view === 'list' ? (
        presets.length === 0 ? (
          <p className="preset-note">{t('assistant.presets.empty')}</p>
        ) : (
          <ul className="preset-list">
            {presets.map((preset) => (
              <li key={preset.id} className="preset-entry">
                <span className="preset-entry-text">
                  <span className="preset-entry-name">{preset.name}</span>
                  <span className="preset-note">{preset.text}</span>
                </span>
                <IconButton size="sm" icon={Pencil} label={t('assistant.presets.edit', { name: preset.name })} onClick={() => edit(preset)} />
                <IconButton
                  size="sm"
                  icon={Trash2}
                  variant="danger"
                  label={t('assistant.presets.delete', { name: preset.name })}
                  onClick={() => onDelete(preset)}
                />
              </li>
            ))}
          </ul>
        )
      ) : (
        <div className="preset-form">
          <TextField label={t('assistant.presets.name')} value={name} onChange={setName} error={fields.name} maxLength={80} />
          <TextField
            label={t('assistant.presets.text')}
            help={t('assistant.presets.textHint')}
            value={text}
            onChange={setText}
            error={fields.text}
            maxLength={4000}
          />
          <SegmentedControl
            label={t('assistant.presets.placement')}
            value={placement}
            options={[
              { value: 'before', label: t('assistant.presets.before') },
              { value: 'after', label: t('assistant.presets.after') },
            ]}
            onChange={setPlacement}
          />
          <fieldset className="preset-options" aria-describedby={`${optionsId}-help`}>
            <legend className="preset-options-legend">{t('assistant.presets.options')}</legend>
            <p id={`${optionsId}-help`} className="preset-note">
              {Object.keys(values).length === 0 ? t('assistant.presets.noOptions') : t('assistant.presets.optionsHint')}
            </p>
            {Object.entries(values).map(([key, value]) => (
              <p key={key} className="preset-option">
                <span>
                  {optionLabel(variantId, key)}: <strong>{shown(value)}</strong>
                </span>
                <IconButton
                  size="sm"
                  icon={Trash2}
                  label={t('assistant.presets.removeOption', { option: optionLabel(variantId, key) })}
                  onClick={() => setValues((current) => Object.fromEntries(Object.entries(current).filter(([other]) => other !== key)))}
                />
              </p>
            ))}
          </fieldset>
          {error && Object.keys(fields).length === 0 && <ErrorMessage error={error} />}
        </div>
      )}
    </Dialog>
  );
}
