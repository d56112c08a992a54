import { X } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/react/shallow';
import { MODE_WORDS, type CreateMode, type FormFieldDescription } from '../../../../../shared/catalog';
import { Slot } from '../../../studio/slots';
import { studio } from '../../../studio/studio-client';
import { IconButton, SegmentedControl } from '../../../ui';
import { BatchControls } from '../components/BatchControls';
import { EstimateLine } from '../components/EstimateLine';
import { MaskSummary } from '../components/MaskSummary';
import { ModelPicker } from '../components/ModelPicker';
import { PromptEditor, type PromptEditorHandle } from '../components/PromptEditor';
import { ReferenceTray } from '../components/ReferenceTray';
import { RemixSourceCard } from '../components/RemixSourceCard';
import { SubmitBar } from '../components/SubmitBar';
import { focusField } from '../focus-field';
import { imageFields, maskField } from '../model/form-values';
import { entryModes, resolveChoice, type PickerEntry } from '../model/model-choices';
import { placeholderText, renumberPlaceholders } from '../model/prompt-placeholders';
import { positiveNumber } from '../store/batch-slice';
import { useCreateStore } from '../store/create-store';
import type { TrayChange } from '../store/references-slice';
import type { BatchFlow } from '../use-batch-flow';
import type { CreateForm } from '../use-create-form';
import { usePasteReferences } from '../use-paste-references';
import { usePromptDraft } from '../use-prompt-draft';
import { RetryNote } from '../components/RetryNote';
import { OptionsPanel } from './OptionsPanel';
import { sayWords } from '../../../i18n/use-words';

/** The token of an omni list's placeholders (`image` for `metadata.image_list`). */
function placeholderToken(description: CreateForm['description'], field: FormFieldDescription): string | undefined {
  const prompt = description?.fields.find((candidate) => candidate.control === 'prompt');
  return prompt?.prompt?.placeholders?.find((placeholder) => placeholder.list === field.key)?.token;
}

/**
 * The form of Create, prompt first: the model and what to do with it, the prompt, references and
 * mask, the model's options and the batch; its foot (always in view) says what will run and holds
 * Generate.
 */
export function Composer({ form, flow }: { form: CreateForm; flow: BatchFlow }) {
  const { t } = useTranslation();
  const { locale, description, check, entry, selected, createMode } = form;
  const editor = useRef<PromptEditorHandle>(null);
  const { status, prompt, purpose, remixSource, leftBehind, trays, estimate } = useCreateStore(
    useShallow((s) => ({
      status: s.modelsStatus,
      prompt: s.prompt,
      purpose: s.purpose,
      remixSource: s.remixSource,
      leftBehind: s.leftBehind,
      trays: s.trays,
      estimate: s.estimate,
    })),
  );
  const retryNote = useCreateStore((s) => s.retryNote);
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

  const chooseEntry = (picked: PickerEntry): void => {
    const resolved = resolveChoice(picked, { mode: createMode });
    if (resolved) store.chooseModel(resolved.choice, resolved.mode);
  };
  /** Another mode keeps the way of calling the model where it serves that mode too. */
  const chooseMode = (mode: CreateMode): void => {
    if (!entry || !selected) return;
    if (selected.modes.includes(mode)) store.chooseModel(selected, mode);
    else {
      const resolved = resolveChoice(entry, { mode, modelId: selected.modelId });
      if (resolved) store.chooseModel(resolved.choice, resolved.mode);
    }
  };
  const modes = entry && purpose === 'generate' ? entryModes(entry) : [];

  const promptField = description?.fields.find((field) => field.control === 'prompt');
  const mentions = promptField?.prompt?.syntax === 'mentions';
  const maskKey = description ? maskField(description)?.key : undefined;
  const hasMask = maskKey !== undefined;
  // Painting a mask is editing: offered on the first image wherever the model can edit with one.
  const canEdit = modes.includes('edit');
  const paintMask = (item: { id: string; width: number | null; height: number | null }): void => {
    if (item.width === null || item.height === null) return;
    if (createMode !== 'edit' && canEdit) chooseMode('edit');
    useCreateStore.getState().openMask({ id: item.id, width: item.width, height: item.height });
  };
  const fieldError = (key: string): string | undefined => {
    const message = check.fields[key];
    return !message || (!flow.attempted && message.waits) ? undefined : message.text;
  };
  const placeholder =
    batch.mode === 'lines'
      ? t('create.prompt.linesHint')
      : batch.mode === 'template'
        ? t('create.prompt.templateHint', { column: '{{column}}' })
        : selected?.kind === 'video'
          ? t('create.prompt.videoHint')
          : t('create.prompt.imageHint');

  // An edit this way comes back as a description only: say so before paying, with the way to an image.
  const queued =
    entry && description?.response === 'summary' ? resolveChoice(entry, { mode: createMode, runs: 'queued', modelId: selected?.modelId ?? null }) : undefined;
  const summaryOnly =
    description?.response === 'summary'
      ? { onQueue: queued && queued.choice.runs === 'queued' ? () => store.chooseModel(queued.choice, queued.mode) : null }
      : null;
  const nameOf = (variantId: string): string => sayWords(form.choices.find((choice) => choice.variantId === variantId)?.label) ?? variantId;
  const runsOn = [sayWords(selected?.label) ?? '', ...form.fanOutTargets.map((target) => nameOf(target.description.variantId))].filter(Boolean);

  return (
    <section className="composer" aria-label={t('create.composer')}>
      <div className="composer-body">
        {purpose === 'remix' && remixSource && (
          <RemixSourceCard source={remixSource} mediaUrl={(path) => studio().mediaUrl(path)} onLeave={() => store.stopRemix()} />
        )}
        <div className="composer-model">
          <ModelPicker
            entries={form.entries}
            entry={entry}
            selected={selected}
            locale={locale}
            onChoose={chooseEntry}
            status={status === 'ready' ? 'ready' : status === 'error' ? 'error' : 'loading'}
          />
          {modes.length > 1 && (
            <SegmentedControl
              flow="nowrap"
              label={t('create.mode.label')}
              value={createMode}
              options={modes.map((mode) => ({ value: mode, label: sayWords(MODE_WORDS[mode]) }))}
              onChange={chooseMode}
            />
          )}
          {leftBehind.length > 0 && (
            <p className="carry-note" role="status">
              <span>{t('create.model.leftBehind', { options: leftBehind.map((label) => sayWords(label)).join(t('requestChecks.listSeparator')) })}</span>
              <IconButton size="sm" label={t('alert.dismiss')} icon={X} onClick={store.forgetLeftBehind} />
            </p>
          )}
        </div>
        <Slot name="create.prompt-tools" />
        <div data-field="prompt">
          {retryNote && <RetryNote note={retryNote} onDismiss={() => store.setRetryNote(null)} />}
          <PromptEditor
            ref={editor}
            label={sayWords(promptField?.label) ?? t('create.prompt.label')}
            value={prompt}
            onChange={(text) => {
              draft.typed();
              store.setPrompt(text);
            }}
            onRecall={draft.recall}
            placeholder={placeholder}
            // Without a length limit the catalog speaks of the upstream's tokens; an artist only needs to know long is fine.
            help={promptField && promptField.maxLength === undefined ? t('plainWords.promptLong') : sayWords(promptField?.help)}
            error={fieldError('prompt')}
            characters={mentions ? form.characters : undefined}
            mediaUrl={(path) => studio().mediaUrl(path)}
            maxLength={promptField?.maxLength}
          />
        </div>
        {description &&
          imageFields(description).map((field, index) => {
            const token = placeholderToken(description, field);
            // In edit mode the first images are the ones being edited.
            const shown = index === 0 && createMode === 'edit' ? { ...field, label: 'create.mode.editImages' } : field;
            return (
              <div key={field.key} data-field={field.key}>
                <ReferenceTray
                  field={shown}
                  items={trays[field.key] ?? []}
                  locale={locale}
                  error={fieldError(field.key)}
                  onFiles={(files) => void store.addFiles(field.key, files)}
                  onAsset={(assetId, name) => void store.addAsset(field.key, assetId, name)}
                  onRemove={(id) => renumber(store.removeReference(field.key, id), token)}
                  onMove={(id, to) => renumber(store.moveReference(field.key, id, to), token)}
                  placeholderToken={token}
                  onInsertPlaceholder={token ? (i) => editor.current?.insert(placeholderText(token, i + 1)) : undefined}
                  onPaintMask={(hasMask || canEdit) && index === 0 ? paintMask : undefined}
                />
              </div>
            );
          })}
        {hasMask && (
          <MaskSummary
            fieldKey={maskKey}
            state={mask.upload.state === 'ready' ? 'ready' : mask.doc && mask.doc.edits.length > 0 ? 'unsaved' : mask.recipeUrl ? 'fromRecipe' : 'none'}
            fit={form.maskFit}
            error={fieldError(maskKey)}
            painted={mask.doc !== null}
            onPaint={
              form.firstReference && form.firstReference.width !== null && form.firstReference.height !== null
                ? () => form.firstReference && paintMask(form.firstReference)
                : undefined
            }
            onRemove={mask.doc !== null || mask.recipeUrl !== null ? store.discardMask : undefined}
            onKeep={() => form.firstReference && store.keepMaskFor(form.firstReference.id)}
          />
        )}
        <OptionsPanel form={form} attempted={flow.attempted} />
        <BatchControls
          template={prompt}
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
      </div>
      <SubmitBar
        purpose={purpose}
        busy={flow.busy}
        notes={check.notes}
        problems={flow.problems}
        onProblem={(key) => focusField(key)}
        summaryOnly={summaryOnly}
        status={
          flow.ready ? (
            <EstimateLine
              status={estimate.status}
              estimate={estimate.value}
              error={estimate.error}
              nameOf={nameOf}
              count={batch.count}
              models={runsOn}
              remixOf={purpose === 'remix' ? (remixSource?.prompt ?? '') : null}
              creditBudget={positiveNumber(batch.creditBudget)}
              keyCredits={positiveNumber(batch.keyCredits)}
            />
          ) : (
            <p className="estimate estimate-pending" role="status">
              {form.pending
                ? t('create.submit.waiting')
                : prompt.trim() === ''
                  ? t('create.submit.needPrompt')
                  : flow.problems.length > 0
                    ? t('create.submit.fixFirst')
                    : ''}
            </p>
          )
        }
        onSubmit={() => void flow.submit()}
      />
    </section>
  );
}
