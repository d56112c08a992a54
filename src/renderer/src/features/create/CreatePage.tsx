import { UserRoundPlus } from 'lucide-react';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useCharactersStore } from '../../entities/characters-store';
import { usePerGateway } from '../../entities/use-per-gateway';
import { Slot } from '../../studio/slots';
import { Button, Page } from '../../ui';
import { CharacterCreator } from './containers/CharacterCreator';
import { CharacterRenamer } from './containers/CharacterRenamer';
import { Composer } from './containers/Composer';
import { MaskOverlay } from './containers/MaskOverlay';
import { ResultStream } from './containers/ResultStream';
import { modelChoices } from './model/model-choices';
import { useCreateStore } from './store/create-store';
import { useBatchFlow } from './use-batch-flow';
import { useCreateAddress } from './use-create-address';
import { useCreateForm } from './use-create-form';
import './create.css';

/**
 * Create: the form (prompt first, the model and its options, references and mask, the batch) and,
 * beside it, the results of what was started here as live cards, newest first, so each submission
 * appears where the artist is looking. Its address opens it with a result's recipe (`?reuse=`), a
 * reference (`?reference=`), a remix (`?remix=`) or a new character (`?character=`).
 */
export function CreatePage() {
  const { t } = useTranslation();
  const form = useCreateForm();
  const flow = useBatchFlow(form);
  const models = useCreateStore((s) => s.models);
  const status = useCreateStore((s) => s.modelsStatus);
  const loadModels = useCreateStore((s) => s.loadModels);
  const generate = useMemo(() => modelChoices(models, 'generate'), [models]);
  const remix = useMemo(() => modelChoices(models, 'remix'), [models]);

  // The models of the gateway in use, again whenever another gateway answers.
  usePerGateway(loadModels);
  useEffect(() => {
    void useCharactersStore.getState().load();
  }, []);
  useCreateAddress(status === 'ready', generate, remix);

  // Ctrl/Cmd+Enter submits from anywhere on the page (focus may sit on a button that just went
  // away), but not from inside a dialog, which has its own action.
  const submit = useRef(flow.submit);
  useEffect(() => {
    submit.current = flow.submit;
  }, [flow.submit]);
  useEffect(() => {
    const shortcut = (event: globalThis.KeyboardEvent): void => {
      if (event.key !== 'Enter' || !(event.ctrlKey || event.metaKey) || event.defaultPrevented) return;
      if (event.target instanceof Element && event.target.closest('[role="dialog"], dialog')) return;
      event.preventDefault();
      void submit.current();
    };
    window.addEventListener('keydown', shortcut);
    return () => window.removeEventListener('keydown', shortcut);
  }, []);

  return (
    <div className="create-page frame-fill">
      <Page
        title={t('pages.create.title')}
        width="wide"
        layout="fill"
        actions={
          <Button icon={UserRoundPlus} onClick={() => useCreateStore.getState().showCharacter()}>
            {t('create.character.open')}
          </Button>
        }
      >
        {status === 'error' && (
          <p className="field-error" role="alert">
            {t('create.model.failed')}{' '}
            <Button size="sm" onClick={() => void useCreateStore.getState().loadModels()}>
              {t('create.model.retry')}
            </Button>
          </p>
        )}
        <div className="create-workspace">
          <div className="create">
            <Composer form={form} flow={flow} />
            <ResultStream sending={flow.busy} />
          </div>
          <Slot name="create.aside" />
        </div>
      </Page>
      <MaskOverlay form={form} />
      <CharacterCreator />
      <CharacterRenamer />
    </div>
  );
}
