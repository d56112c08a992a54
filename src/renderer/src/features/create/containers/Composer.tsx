import { Brush, Sparkles, Trash2, X } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import type { FormFieldDescription } from '../../../../../shared/catalog';
import { Button, IconButton, localShortcutModifier } from '../../../ui';
import { BatchControls } from '../components/BatchControls';
import { EstimateLine } from '../components/EstimateLine';
import { ModelPicker } from '../components/ModelPicker';
import { PromptEditor, type PromptEditorHandle } from '../components/PromptEditor';
import { ReferenceTray } from '../components/ReferenceTray';
import { RemixSourceCard } from '../components/RemixSourceCard';
import { FORM_WIDE } from '../model/form-check';
import { imageFields, maskField } from '../model/form-values';
import { placeholderText, renumberPlaceholders } from '../model/prompt-placeholders';
import { useCreateStore } from '../store/create-store';
import type { TrayChange } from '../store/references-slice';
import type { BatchFlow } from '../use-batch-flow';
import type { CreateForm } from '../use-create-form';
import { usePasteReferences } from '../use-paste-references';
import { studio } from '../../../studio/studio-client';
import { Slot } from '../../../studio/slots';
import { usePromptDraft } from '../use-prompt-draft';

/** The token of an omni list's placeholders (`image` for `metadata.image_list`). */
function placeholderToken(description: CreateForm['description'], field: FormFieldDescription): string | undefined {
  const prompt = description?.fields.find((candidate) => candidate.control === 'prompt');
  return prompt?.prompt?.placeholders?.find((placeholder) => placeholder.list === field.key)?.token;
}

/** The prompt-first part of Create: model, prompt, references, mask, batch, estimate and the button. */
export function Composer({ form, flow }: { form: CreateForm; flow: BatchFlow }) {
  const { t } = useTranslation();
  const { locale, description, check } = form;
  const editor = useRef<PromptEditorHandle>(null);
  const { status, prompt, purpose, remixSource, leftBehind, trays, estimate } = useCreateStore(
    useShallow((s) => ({ status: s.modelsStatus, prompt: s.prompt, purpose: s.purpose, remixSource: s.remixSource, leftBehind: s.leftBehind, trays: s.trays, estimate: s.estimate })),
  );
  const mask = useCreateStore(useShallow((s) => ({ doc: s.maskDoc, upload: s.maskUpload, recipeUrl: s.maskRecipeUrl })));
  const batch = useCreateStore(
    useShallow((s) => ({ mode: s.mode, count: s.count, csv: s.csv, fanOut: s.fanOut, creditBudget: s.creditBudget, keyCredits: s.keyCredits })),
  );
  // Actions never change: read once, not subscribed.
  const store = useCreateStore.getState();
  const renumber = (change: TrayChange, token: string | undefined): void => {
    if (token) store.setPrompt(renumberPlaceholders(useCreateStore.getState().prompt, token, change.before, change.after));
  };

  usePasteReferences(description ? imageFields(description).map((field) => field.key) : []);
  const draft = usePromptDraft(editor, description);

  const promptField = description?.fields.find((field) => field.control === 'prompt');
  const mentions = promptField?.prompt?.syntax === 'mentions';
  const maskKey = description ? maskField(description)?.key : undefined;
  const hasMask = maskKey !== undefined;
  const fieldError = (key: string): string | undefined => {
    const message = check.fields[key];
    if (!message) return undefined;
    // "Required" and an empty prompt wait until the artist tries to submit.
    const quiet = !flow.attempted && (message.en === 'Required' || message.en === 'Write a prompt' || message.en.startsWith('Add at least'));
    return quiet ? undefined : message[locale];
  };
  const nameOf = (variantId: string): string => form.choices.find((choice) => choice.variantId === variantId)?.label[locale] ?? variantId;
  const placeholder = batch.mode === 'lines' ? t('create.prompt.linesHint') : batch.mode === 'template' ? t('create.prompt.templateHint', { column: '{{column}}' }) : form.selected?.kind === 'video' ? t('create.prompt.videoHint') : t('create.prompt.imageHint');

  return (
    <section className="composer" aria-label={t('create.composer')}>
      {purpose === 'remix' && remixSource && (
        <RemixSourceCard source={remixSource} mediaUrl={(path) => studio().mediaUrl(path)} onLeave={() => store.stopRemix(null)} />
      )}
      <div className="composer-model">
        <ModelPicker choices={form.choices} selected={form.selected} locale={locale} onChoose={store.chooseModel} status={status === 'ready' ? 'ready' : status === 'error' ? 'error' : 'loading'} />
        {leftBehind.length > 0 && (
          <p className="carry-note" role="status">
            <span>{t('create.model.leftBehind', { options: leftBehind.map((label) => label[locale]).join(locale === 'zh-CN' ? '、' : ', ') })}</span>
            <IconButton size="sm" label={t('alert.dismiss')} icon={X} onClick={store.forgetLeftBehind} />
          </p>
        )}
      </div>
      <Slot name="create.prompt-tools" />
      <PromptEditor
        ref={editor}
        label={promptField?.label[locale] ?? t('create.prompt.label')}
        value={prompt}
        onChange={(text) => {
          draft.typed();
          store.setPrompt(text);
        }}
        onRecall={draft.recall}
        placeholder={placeholder}
        help={promptField?.help?.[locale]}
        error={fieldError('prompt')}
        characters={mentions ? form.characters : undefined}
        maxLength={promptField?.maxLength}
      />
      {description &&
        imageFields(description).map((field, index) => {
          const token = placeholderToken(description, field);
          return (
            <ReferenceTray
              key={field.key}
              field={field}
              items={trays[field.key] ?? []}
              locale={locale}
              error={fieldError(field.key)}
              onFiles={(files) => void store.addFiles(field.key, files)}
              onAsset={(assetId, name) => void store.addAsset(field.key, assetId, name)}
              onRemove={(id) => renumber(store.removeReference(field.key, id), token)}
              onMove={(id, to) => renumber(store.moveReference(field.key, id, to), token)}
              placeholderToken={token}
              onInsertPlaceholder={token ? (i) => editor.current?.insert(placeholderText(token, i + 1)) : undefined}
              onPaintMask={hasMask && index === 0 ? (item) => item.width !== null && item.height !== null && store.openMask({ id: item.id, width: item.width, height: item.height }) : undefined}
            />
          );
        })}
      {hasMask && (
        <div className="mask-summary">
          <Brush size={16} aria-hidden="true" />
          <p role="status">
            {mask.upload.state === 'ready' ? t('create.mask.ready') : mask.doc && mask.doc.edits.length > 0 ? t('create.mask.unsaved') : mask.recipeUrl ? t('create.mask.fromRecipe') : t('create.mask.none')}
          </p>
          {fieldError(maskKey) && <p className="field-error">{fieldError(maskKey)}</p>}
          {form.firstReference && form.firstReference.width !== null && form.firstReference.height !== null && (
            <Button size="sm" icon={Brush} onClick={() => form.firstReference && store.openMask({ id: form.firstReference.id, width: form.firstReference.width ?? 0, height: form.firstReference.height ?? 0 })}>
              {mask.doc ? t('create.mask.edit') : t('create.mask.paint')}
            </Button>
          )}
          {(mask.doc !== null || mask.recipeUrl !== null) && (
            <Button size="sm" variant="quiet" icon={Trash2} onClick={store.discardMask}>
              {t('create.mask.remove')}
            </Button>
          )}
        </div>
      )}
      <BatchControls
        mode={batch.mode}
        count={batch.count}
        csv={batch.csv}
        usesColumns={/\{\{\s*\w+\s*\}\}/.test(prompt)}
        fanOutChoices={purpose === 'remix' ? [] : form.fanOutChoices}
        fanOut={batch.fanOut}
        creditBudget={batch.creditBudget}
        keyCredits={batch.keyCredits}
        locale={locale}
        errors={flow.errors}
        onMode={store.setMode}
        onCount={store.setCount}
        onCsv={store.setCsv}
        onToggleFanOut={store.toggleFanOut}
        onCreditBudget={store.setCreditBudget}
        onKeyCredits={store.setKeyCredits}
      />
      {check.warnings.length > 0 && (
        <ul className="form-warnings" aria-label={t('create.warnings')}>
          {check.warnings.map((warning) => (
            <li key={warning.en}>{warning[locale]}</li>
          ))}
        </ul>
      )}
      <div className="composer-foot">
        <div className="composer-status">
          {flow.ready ? (
            <EstimateLine status={estimate.status} estimate={estimate.value} error={estimate.error} nameOf={nameOf} />
          ) : (
            <p className="estimate estimate-pending" role="status">
              {form.pending ? t('create.submit.waiting') : prompt.trim() === '' ? t('create.submit.needPrompt') : t('create.submit.needFix')}
            </p>
          )}
          {check.fields[FORM_WIDE] && <p className="field-error">{check.fields[FORM_WIDE][locale]}</p>}
        </div>
        <Button variant="primary" size="lg" className="composer-submit" icon={Sparkles} busy={flow.busy} onClick={() => void flow.submit()} aria-keyshortcuts="Control+Enter Meta+Enter">
          {purpose === 'remix' ? t('create.submit.remix') : t('create.submit.generate')}
          <kbd className="kbd">{t('create.submit.shortcut', { modifier: localShortcutModifier() })}</kbd>
        </Button>
      </div>
    </section>
  );
}
