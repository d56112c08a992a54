import { useShallow } from 'zustand/react/shallow';
import { MaskEditor } from '../mask/MaskEditor';
import { useMaskStore } from '../stores/mask-store';
import type { CreateForm } from '../use-create-form';

/** The mask painter over the first reference image, while it is open. */
export function MaskOverlay({ form }: { form: CreateForm }) {
  const mask = useMaskStore(useShallow((s) => ({ editing: s.editing, doc: s.doc, brush: s.brush, view: s.view, upload: s.upload })));
  const reference = form.firstReference;
  if (!mask.doc || !reference?.previewUrl) return null;
  const store = useMaskStore.getState();
  return (
    <MaskEditor
      open={mask.editing}
      doc={mask.doc}
      imageUrl={reference.previewUrl}
      imageName={reference.name}
      brush={mask.brush}
      view={mask.view}
      busy={mask.upload.state === 'uploading'}
      error={mask.upload.error}
      onEdit={store.edit}
      onUndo={store.undo}
      onRedo={store.redo}
      onBrush={store.setBrush}
      onView={store.setView}
      onClose={store.close}
      // A refusal stays in the painter, beside the mask it concerns.
      onApply={() => void store.apply().then((answer) => answer?.ok && useMaskStore.getState().close())}
    />
  );
}
