/**
 * Create's end of the prompt draft channel (`entities/prompt-draft-store`): it publishes what the
 * form holds for the prompt tools, applies what they send (a reply used as the prompt, batch
 * lines, a preset's options), and recalls earlier prompts with Up and Down in the prompt box.
 */
import { useCallback, useEffect, type RefObject } from 'react';
import { useShallow } from 'zustand/react/shallow';
import type { FormDescription } from '../../../../shared/catalog';
import { usePromptDraftStore, type DraftCommand } from '../../entities/prompt-draft-store';
import { usePromptHistoryStore } from '../../entities/prompt-history-store';
import type { PromptEditorHandle } from './components/PromptEditor';
import { carryOver } from './model/form-values';
import { useCreateStore } from './store/create-store';

function apply(command: DraftCommand, editor: PromptEditorHandle | null, description: FormDescription | undefined): void {
  const store = useCreateStore.getState();
  switch (command.kind) {
    case 'replace':
      store.setPrompt(command.text);
      return;
    case 'insert':
      if (editor) editor.insert(command.text);
      else store.setPrompt(`${store.prompt}${command.text}`);
      return;
    case 'lines':
      store.setMode('lines');
      store.setPrompt(command.lines.join('\n'));
      return;
    case 'template':
      store.setMode('template');
      store.setPrompt(command.text);
      if (command.csv) store.setCsv(command.csv);
      return;
    case 'values': {
      // Only what the chosen model takes, within its limits.
      if (!description) return;
      for (const [key, value] of Object.entries(carryOver(command.values, description).values)) store.setValue(key, value);
    }
  }
}

/** Puts back the CSV a recalled template was last filled from, unless the box moved on while it was read. */
async function recallCsv(template: string): Promise<void> {
  const answer = await usePromptHistoryStore.getState().templateCsv(template);
  const create = useCreateStore.getState();
  const csv = answer.ok ? answer.value.csv : null;
  if (csv && create.prompt === template && create.mode === 'template') create.setCsv({ name: csv.name ?? 'template.csv', text: csv.text });
}

export function usePromptDraft(
  editor: RefObject<PromptEditorHandle | null>,
  description: FormDescription | undefined,
): {
  /** Up (`older`) / Down (`newer`) in the prompt box: true when it recalls a prompt instead of moving the caret. */
  recall: (direction: 'older' | 'newer', value: string) => boolean;
  /** The artist typed: the box shows their own text from now on. */
  typed: () => void;
} {
  const draft = useCreateStore(useShallow((s) => ({ prompt: s.prompt, variantId: s.variantId, modelId: s.modelId, mode: s.mode, values: s.values })));
  const pending = usePromptDraftStore((s) => s.pending.length);

  useEffect(() => usePromptDraftStore.getState().publish(draft), [draft]);
  useEffect(() => {
    if (pending === 0) return;
    for (const command of usePromptDraftStore.getState().take()) apply(command, editor.current, description);
  }, [pending, editor, description]);
  useEffect(() => {
    void usePromptHistoryStore.getState().loadRecent();
  }, []);

  const recall = useCallback((direction: 'older' | 'newer', value: string): boolean => {
    const history = usePromptHistoryStore.getState();
    const showing = history.recall.index >= 0 && history.recent[history.recall.index]?.prompt === value;
    if (!showing && (value !== '' || direction === 'newer')) return false;
    void history.step(direction, value).then((text) => {
      if (text === undefined) return;
      const create = useCreateStore.getState();
      // A template comes back as a template, with its CSV when one was kept; a plain prompt read in template mode is itself.
      const isTemplate = usePromptHistoryStore.getState().recent.some((entry) => entry.isTemplate && entry.prompt === text);
      if (isTemplate) create.setMode('template');
      create.setPrompt(text);
      if (isTemplate) void recallCsv(text);
    });
    return true;
  }, []);
  const typed = useCallback(() => usePromptHistoryStore.getState().stopRecall(), []);
  return { recall, typed };
}
