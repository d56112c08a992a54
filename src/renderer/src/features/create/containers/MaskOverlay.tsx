import { useEffect } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { MaskEditor } from '../mask/MaskEditor';
import { SavedMasks } from '../mask/SavedMasks';
import { defaultMaskName, savedMaskChoices } from '../mask/saved-mask-choices';
import { maskField } from '../model/form-values';
import { useCreateStore } from '../store/create-store';
import type { CreateForm } from '../use-create-form';

/** The mask painter over the first reference image, while it is open. */
export function MaskOverlay({ form }: { form: CreateForm }) {
  const mask = useCreateStore(
    useShallow((s) => ({
      editing: s.maskEditing,
      doc: s.maskDoc,
      brush: s.brush,
      view: s.maskView,
      upload: s.maskUpload,
      saved: s.savedMasks,
      work: s.savedMaskWork,
    })),
  );
  // The saved masks are read again each time the painter opens: another window may have saved one.
  useEffect(() => {
    if (mask.editing) void useCreateStore.getState().loadSavedMasks();
  }, [mask.editing]);
  const reference = form.firstReference;
  if (!mask.doc || !reference?.previewUrl) return null;
  const size = { width: mask.doc.width, height: mask.doc.height };
  const store = useCreateStore.getState();
  // Every catalog mask is measured against the first image; where more images may come, say which one.
  const field = form.description ? maskField(form.description) : undefined;
  const references = form.description?.fields.find((candidate) => candidate.key === field?.mask?.referenceField);
  const firstImageOnly = field?.mask?.sameSizeAsFirstReference === true && (references?.files?.maxCount ?? 2) > 1;
  return (
    <MaskEditor
      open={mask.editing}
      doc={mask.doc}
      imageUrl={reference.previewUrl}
      imageName={reference.name}
      brush={mask.brush}
      firstImageOnly={firstImageOnly}
      view={mask.view}
      busy={mask.upload.state === 'uploading'}
      error={mask.upload.error}
      onEdit={store.editMask}
      onUndo={store.undoMask}
      onRedo={store.redoMask}
      onBrush={store.setBrush}
      onView={store.setMaskView}
      onClose={store.closeMask}
      // A refusal stays in the painter, beside the mask it concerns.
      onApply={() => void store.applyMask().then((answer) => answer?.ok && useCreateStore.getState().closeMask())}
    >
      <SavedMasks
        key={reference.id}
        choices={savedMaskChoices(mask.saved, size)}
        image={size}
        defaultName={defaultMaskName(reference.name)}
        canSave={mask.doc.edits.length > 0}
        work={mask.work}
        onSave={(name) => void store.saveMask(name)}
        onLoad={(id) => void store.loadSavedMask(id)}
        onDelete={(id) => void store.deleteSavedMask(id)}
      />
    </MaskEditor>
  );
}
