import { Play } from 'lucide-react';
import { useEffect, useRef, type CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Slider } from '../../../ui';

export interface SegmentScrubberProps {
  /** Length of the video in seconds. */
  duration: number;
  /** Start of the segment in seconds. */
  start: number;
  onStart: (start: number) => void;
  /** Length of the segment (the interface asks for 2 seconds). */
  length?: number;
  /** A local copy of the video to preview the segment on, when there is one. */
  videoUrl?: string | undefined;
}

const round = (seconds: number): number => Math.round(seconds * 10) / 10;

/**
 * Picks a segment of a video on a scrubber: the window shows on the timeline, the preview
 * jumps to its start, and "Play segment" plays just those seconds.
 */
export function SegmentScrubber({ duration, start, onStart, length = 2, videoUrl }: SegmentScrubberProps) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement>(null);
  const last = Math.max(0, round(duration - length));
  const end = round(start + length);

  useEffect(() => {
    const element = video.current;
    if (element && Math.abs(element.currentTime - start) > 0.05) element.currentTime = start;
  }, [start]);

  const playSegment = (): void => {
    const element = video.current;
    if (!element) return;
    element.currentTime = start;
    const stop = (): void => {
      if (element.currentTime >= end) {
        element.pause();
        element.removeEventListener('timeupdate', stop);
      }
    };
    element.addEventListener('timeupdate', stop);
    void element.play().catch(() => element.removeEventListener('timeupdate', stop));
  };

  const band: CSSProperties = duration > 0 ? { left: `${(start / duration) * 100}%`, width: `${(Math.min(length, duration) / duration) * 100}%` } : {};
  return (
    <div className="scrubber">
      {videoUrl && (
        <video ref={video} className="scrubber-video" src={videoUrl} muted playsInline preload="metadata" aria-label={t('create.character.preview')} />
      )}
      <div className="scrubber-track" aria-hidden="true">
        <span className="scrubber-band" style={band} />
      </div>
      <Slider
        label={t('create.character.segmentStart')}
        value={Math.min(start, last)}
        min={0}
        max={last}
        step={0.1}
        onChange={(value) => onStart(round(value))}
        format={(value) => t('create.character.segmentValue', { start: round(value).toFixed(1), end: round(value + length).toFixed(1) })}
      />
      {videoUrl && (
        <Button size="sm" icon={Play} onClick={playSegment}>
          {t('create.character.playSegment')}
        </Button>
      )}
    </div>
  );
}
