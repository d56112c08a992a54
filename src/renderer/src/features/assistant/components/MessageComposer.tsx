import { ImagePlus, Send, Square, X } from 'lucide-react';
import { useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { carriesAsset, readAssetDrag } from '../../../entities/asset-drag';
import { Button, IconButton } from '../../../ui';
import type { PendingImage } from '../assistant-store';
import './MessageComposer.css';

export interface MessageComposerProps {
  value: string;
  onChange: (value: string) => void;
  image: PendingImage | null;
  onImageFile: (file: File) => void;
  onImageAsset: (assetId: string, name: string) => void;
  onRemoveImage: () => void;
  onSend: () => void;
  /** Stops the reply on its way; while one streams, Stop takes Send's place and Escape in the box presses it. */
  onStop: (() => void) | null;
  busy: boolean;
  disabled: boolean;
}

/**
 * The message to the assistant, and an image to describe (dropped, chosen, or dragged from the
 * library). Enter sends, Shift+Enter starts a new line; the keys never reach Create's own
 * Ctrl+Enter, which would queue a generation. Stop stands where Send does, so it never moves
 * while the reply above it grows.
 */
export function MessageComposer({ value, onChange, image, onImageFile, onImageAsset, onRemoveImage, onSend, onStop, busy, disabled }: MessageComposerProps) {
  const { t } = useTranslation();
  const id = useId();
  const picker = useRef<HTMLInputElement>(null);
  const [over, setOver] = useState(false);

  const accepts = (event: DragEvent): boolean => event.dataTransfer.types.includes('Files') || carriesAsset(event.dataTransfer);
  const drop = (event: DragEvent<HTMLElement>): void => {
    event.preventDefault();
    setOver(false);
    const asset = readAssetDrag(event.dataTransfer);
    if (asset) {
      if (asset.kind === 'image') onImageAsset(asset.id, asset.name);
      return;
    }
    const file = [...event.dataTransfer.files].find((candidate) => candidate.type.startsWith('image/')) ?? event.dataTransfer.files[0];
    if (file) onImageFile(file);
  };
  const keys = (event: KeyboardEvent<HTMLTextAreaElement>): void => {
    if (event.key === 'Escape' && onStop) {
      event.preventDefault();
      onStop();
      return;
    }
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    // Handled here in every case, so the page's Ctrl+Enter (generate) does not fire from this box.
    event.preventDefault();
    if (event.shiftKey) {
      const box = event.currentTarget;
      const at = box.selectionStart;
      onChange(`${value.slice(0, at)}\n${value.slice(box.selectionEnd)}`);
      requestAnimationFrame(() => box.setSelectionRange(at + 1, at + 1));
      return;
    }
    if (!disabled && !busy) onSend();
  };

  return (
    <section
      className={`assistant-compose${over ? ' assistant-compose-over' : ''}`}
      aria-label={t('assistant.compose')}
      onDragOver={(event) => {
        if (!accepts(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
    >
      {image && (
        <div className="assistant-image">
          {image.previewUrl && <img src={image.previewUrl} alt="" />}
          <span className="assistant-image-name">{t('assistant.image', { name: image.name })}</span>
          <IconButton size="sm" label={t('assistant.removeImage', { name: image.name })} icon={X} onClick={onRemoveImage} />
        </div>
      )}
      <label htmlFor={id} className="visually-hidden">
        {t('assistant.message')}
      </label>
      <textarea
        id={id}
        className="assistant-input"
        rows={3}
        value={value}
        placeholder={t('assistant.messageHint')}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={keys}
      />
      <div className="assistant-compose-foot">
        <Button size="sm" variant="quiet" icon={ImagePlus} onClick={() => picker.current?.click()}>
          {t('assistant.chooseImage')}
        </Button>
        <input
          ref={picker}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) onImageFile(file);
            event.target.value = '';
          }}
        />
        {onStop ? (
          <Button size="sm" icon={Square} onClick={onStop}>
            {t('assistant.stop')}
          </Button>
        ) : (
          <Button size="sm" variant="primary" icon={Send} busy={busy} disabled={disabled} onClick={onSend}>
            {t('assistant.send')}
          </Button>
        )}
      </div>
    </section>
  );
}
