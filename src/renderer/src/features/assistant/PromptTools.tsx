import { History, MessageSquareText, Palette, X } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { variantById } from '../../../../shared/catalog';
import type { HistoryEntry, Preset } from '../../../../shared/contract';
import { usePresetsStore } from '../../entities/presets-store';
import { usePromptDraftStore } from '../../entities/prompt-draft-store';
import { usePromptHistoryStore } from '../../entities/prompt-history-store';
import { useLocale } from '../../errors/use-error-wording';
import { Button, IconButton, showToast } from '../../ui';
import { studio } from '../../studio/studio-client';
import { useAssistantStore } from './assistant-store';
import { reuseHistoryEntry } from './reuse-history';
import { HistoryDialog } from './components/HistoryDialog';
import { MenuButton } from './components/MenuButton';
import { PresetDialog, type PresetDialogStart } from './components/PresetDialog';
import { applyPresetText, removePresetText } from './model/preset-text';
import './PromptTools.css';
import { sayWords } from '../../i18n/use-words';

/**
 * Beside Create's prompt box: the prompt history, the style presets (apply one, save the form as
 * one, edit them) with the preset in use, and the switch that shows the assistant.
 */
function PromptTools() {
  const { t } = useTranslation();
  const locale = useLocale();
  const presets = usePresetsStore((s) => s.presets);
  const applied = usePromptDraftStore((s) => s.preset);
  const draft = usePromptDraftStore((s) => s.draft);
  const assistantOpen = useAssistantStore((s) => s.open);
  const [historyOpen, setHistoryOpen] = useState(false);
  const [presetStart, setPresetStartState] = useState<PresetDialogStart | null>(null);
  // A new key for each opening: the dialog starts from where it was asked to.
  const [presetKey, setPresetKey] = useState(0);
  const setPresetStart = (start: PresetDialogStart | null): void => {
    if (start) setPresetKey((key) => key + 1);
    setPresetStartState(start);
  };

  useEffect(() => {
    void usePresetsStore.getState().load();
  }, []);

  const loadHistory = useCallback(async (query: string, order: 'recent' | 'frequent'): Promise<readonly HistoryEntry[] | null> => {
    const answer = await usePromptHistoryStore.getState().search(query, order);
    return answer.ok ? answer.value : [];
  }, []);
  const modelOf = (entry: HistoryEntry): string => (entry.variantId ? sayWords(variantById(entry.variantId)?.label) : undefined) ?? entry.model;
  const dateOf = (time: number): string => new Date(time).toLocaleDateString(locale, { month: 'short', day: 'numeric', year: 'numeric' });

  /** Takes the preset in use out of the prompt and puts `next` in (or none). */
  const applyPreset = (next: Preset | null): void => {
    const channel = usePromptDraftStore.getState();
    const current = channel.preset ? presets.find((preset) => preset.id === channel.preset?.id) : undefined;
    let prompt = channel.draft.prompt;
    if (current) prompt = removePresetText(prompt, channel.draft.mode, current);
    if (next) prompt = applyPresetText(prompt, channel.draft.mode, next);
    channel.send({ kind: 'replace', text: prompt }, ...(next && Object.keys(next.values).length > 0 ? [{ kind: 'values' as const, values: next.values }] : []));
    channel.setPreset(next);
    if (next) showToast((t) => t('assistant.presets.applied', { name: next.name }), 'success');
  };

  return (
    <div className="prompt-tools" role="group" aria-label={t('assistant.tools.label')}>
      <Button size="sm" variant="quiet" icon={History} onClick={() => setHistoryOpen(true)}>
        {t('assistant.tools.history')}
      </Button>
      <MenuButton
        label={t('assistant.tools.presets')}
        icon={Palette}
        entries={[
          { key: 'none', label: t('assistant.tools.noPreset'), checked: applied === null, onSelect: () => applyPreset(null) },
          ...presets.map((preset) => ({ key: preset.id, label: preset.name, checked: applied?.id === preset.id, onSelect: () => applyPreset(preset) })),
          { key: 'save', label: t('assistant.tools.savePreset'), separated: true, onSelect: () => setPresetStart({ view: 'form', preset: null }) },
          { key: 'manage', label: t('assistant.tools.managePresets'), onSelect: () => setPresetStart({ view: 'list' }) },
        ]}
      />
      {applied && (
        <span className="prompt-tools-preset" role="status">
          {t('assistant.tools.presetApplied', { name: applied.name })}
          <IconButton size="sm" icon={X} label={t('assistant.tools.removePreset', { name: applied.name })} onClick={() => applyPreset(null)} />
        </span>
      )}
      <Button
        size="sm"
        variant={assistantOpen ? 'secondary' : 'quiet'}
        icon={MessageSquareText}
        aria-pressed={assistantOpen}
        onClick={() => useAssistantStore.getState().setOpen(!assistantOpen)}
      >
        {t('assistant.tools.assistant')}
      </Button>
      <span className="prompt-tools-hint">{t('assistant.tools.recallHint')}</span>
      <HistoryDialog
        open={historyOpen}
        onClose={() => setHistoryOpen(false)}
        load={loadHistory}
        dateOf={dateOf}
        modelOf={modelOf}
        mediaUrl={(path) => studio().mediaUrl(path)}
        onChoose={(entry) => {
          setHistoryOpen(false);
          void reuseHistoryEntry(entry).then((outcome) => {
            if (outcome.kind === 'prompt') showToast((t) => t('assistant.history.used'), 'success');
            else if (outcome.kind === 'templateWithoutCsv')
              showToast((t) => t('historyTemplates.csvNotKept', { name: outcome.name ?? 'CSV', limit: outcome.limitKb, column: '{{column}}' }), 'info');
            else {
              const { csv } = outcome;
              showToast((t) => (csv ? t('historyTemplates.usedWithCsv', csv) : t('historyTemplates.used')), 'success');
            }
          });
        }}
      />
      <PresetDialog
        key={presetKey}
        open={presetStart !== null}
        start={presetStart ?? { view: 'list' }}
        presets={presets}
        formValues={draft.values}
        formVariantId={draft.variantId}
        locale={locale}
        onClose={() => setPresetStart(null)}
        onSave={async (preset) => {
          const answer = await usePresetsStore.getState().save(preset);
          if (!answer.ok) return answer.error;
          showToast((t) => t('assistant.presets.saved', { name: answer.value.name }), 'success');
          return null;
        }}
        onDelete={(preset) => {
          void usePresetsStore
            .getState()
            .remove(preset.id)
            .then((answer) => {
              if (answer.ok) showToast((t) => t('assistant.presets.deleted', { name: preset.name }), 'success');
            });
        }}
      />
    </div>
  );
}

export default PromptTools;
