import { useEffect, useId, useLayoutEffect, useRef } from 'react';
import { displayModelOf } from '../../../../../shared/catalog';
import type { AssetView } from '../../../../../shared/contract';
import { nextSteps } from '../../../entities/result-actions';
import { sayWords } from '../../../i18n/use-words';
import { studio } from '../../../studio/studio-client';
import { ResultViewerPanel, type ResultViewerActions } from '../components/ResultViewerPanel';
import { stepFrom } from '../model/stream-layout';

interface ResultViewerProps {
  asset: AssetView;
  order: readonly AssetView[];
  position: { index: number; count: number };
  /** Shows another result of the stream. */
  onStep: (assetId: string) => void;
  onClose: () => void;
  actions: ResultViewerActions;
}

/** Keys that belong to a control with focus (a text box, a slider), not to stepping. */
const typing = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && target.closest('input, textarea, select, [contenteditable="true"]') !== null;

/**
 * A result of the stream opened over Create, on the same page: a modal `<dialog>` (the browser
 * traps focus and makes Create inert) named by the prompt. Escape or Back returns to Create with
 * the focus where it was; the arrow keys step through the stream.
 */
export function ResultViewer({ asset, order, position, onStep, onClose, actions }: ResultViewerProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  // Open once; give the focus back to what opened it when the view goes.
  useLayoutEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  const step = (direction: 1 | -1): void => {
    const next = stepFrom(order, asset.id, direction);
    if (next !== null) onStep(next);
  };
  const stepRef = useRef(step);
  useEffect(() => {
    stepRef.current = step;
  });

  const display = asset.variantId === null ? undefined : displayModelOf(asset.variantId);
  return (
    <dialog
      ref={ref}
      className="viewer-dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault(); // Escape: the owner closes it, so what is shown stays its truth.
        onClose();
      }}
      onKeyDown={(event) => {
        if (typing(event.target) || event.altKey || event.ctrlKey || event.metaKey) return;
        if (event.key === 'ArrowRight' || event.key === 'ArrowDown') stepRef.current(1);
        else if (event.key === 'ArrowLeft' || event.key === 'ArrowUp') stepRef.current(-1);
        else return;
        event.preventDefault();
      }}
    >
      <ResultViewerPanel
        asset={asset}
        steps={nextSteps(asset)}
        titleId={titleId}
        position={position}
        mediaSrc={studio().mediaUrl(asset.mediaPath)}
        modelName={sayWords(display?.model.name) ?? asset.model}
        actions={actions}
        onBack={onClose}
        onStep={step}
      />
    </dialog>
  );
}
