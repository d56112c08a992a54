import { Camera, StepBack, StepForward } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AssetView } from '../../../../../shared/contract';
import { studio } from '../../../studio/studio-client';
import { Button, IconButton } from '../../../ui';

/** One frame at the rate most generated videos use, until the file's own rate is known (WebM does not say it). */
const USUAL_FRAME_SECONDS = 1 / 24;

/** Video `assetId`'s frame rate as its file gives it (the player itself does not tell); null until known, or where the file does not say. */
function useFramesPerSecond(assetId: string): number | null {
  const [known, setKnown] = useState<{ assetId: string; rate: number } | null>(null);
  useEffect(() => {
    let current = true;
    void studio()
      .call('library.video_frame_rate', { id: assetId })
      .then((answer) => {
        if (current && answer.ok && answer.value.framesPerSecond !== null) setKnown({ assetId, rate: answer.value.framesPerSecond });
      });
    return () => {
      current = false;
    };
  }, [assetId]);
  return known?.assetId === assetId ? known.rate : null;
}

export interface VideoStageProps {
  asset: AssetView;
  fileUrl: string;
  posterUrl: string | undefined;
  label: string;
  grabbing: boolean;
  /** The frame on screen, at `atMs`, becomes a reference image. */
  onGrab: (atMs: number) => void;
}

/**
 * A video in the detail view: playing (sound only when the person turns it on), with frame steps
 * (buttons, or `,` and `.`) and "grab this frame", which makes the frame on screen a reference.
 */
export function VideoStage({ asset, fileUrl, posterUrl, label, grabbing, onGrab }: VideoStageProps) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const framesPerSecond = useFramesPerSecond(asset.id);
  const frameSeconds = framesPerSecond === null ? USUAL_FRAME_SECONDS : 1 / framesPerSecond;
  const step = (frames: number): void => {
    const element = video.current;
    if (!element) return;
    element.pause();
    const end = Number.isFinite(element.duration) ? element.duration : Number.POSITIVE_INFINITY;
    element.currentTime = Math.min(end, Math.max(0, element.currentTime + frames * frameSeconds));
  };
  // `,` and `.` step anywhere on the page, as in video editors (not while typing).
  useEffect(() => {
    const onKey = (event: KeyboardEvent): void => {
      const target = event.target as HTMLElement | null;
      if ((event.key !== ',' && event.key !== '.') || event.defaultPrevented || target?.closest('input, textarea, select, dialog')) return;
      event.preventDefault();
      const element = video.current;
      if (!element) return;
      element.pause();
      element.currentTime = Math.max(0, element.currentTime + (event.key === ',' ? -frameSeconds : frameSeconds));
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [frameSeconds]);
  return (
    <div className="video-stage">
      <video ref={video} key={asset.id} className="detail-video" src={fileUrl} poster={posterUrl} controls autoPlay muted loop playsInline aria-label={label} />
      <div className="video-stage-tools" role="toolbar" aria-label={t('gallery.detail.frameTools')}>
        <IconButton size="sm" label={t('gallery.detail.previousFrame')} icon={StepBack} onClick={() => step(-1)} />
        <IconButton size="sm" label={t('gallery.detail.nextFrame')} icon={StepForward} onClick={() => step(1)} />
        <Button size="sm" icon={Camera} busy={grabbing} onClick={() => onGrab((video.current?.currentTime ?? 0) * 1000)}>
          {t('gallery.detail.grabFrame')}
        </Button>
        <span className="video-stage-hint">
          {t('gallery.detail.frameHint')}
          {framesPerSecond !== null && (
            <span className="video-stage-rate">{` · ${t('gallery.detail.frameRate', { rate: Math.round(framesPerSecond * 100) / 100 })}`}</span>
          )}
        </span>
      </div>
    </div>
  );
}
