import { useTranslation } from 'react-i18next';
import type { MediaTools } from '../../../../../shared/contract';

interface MediaToolsSectionProps {
  tools: MediaTools;
}

/** Which ffmpeg makes video posters (or why none does) and which image library build runs. */
export function MediaToolsSection({ tools }: MediaToolsSectionProps) {
  const { t } = useTranslation();
  const { ffmpeg, images } = tools;
  const minimum = ffmpeg.minimumVersion;
  const ffmpegText =
    ffmpeg.state === 'ready'
      ? t('mediaTools.ffmpegReady', { version: ffmpeg.version, path: ffmpeg.path })
      : ffmpeg.state === 'too_old'
        ? t('mediaTools.ffmpegTooOld', { version: ffmpeg.version, path: ffmpeg.path, minimum })
        : t('mediaTools.ffmpegMissing', { minimum });
  return (
    <section className="settings-section" aria-labelledby="media-tools-heading">
      <h2 id="media-tools-heading">{t('mediaTools.heading')}</h2>
      <dl className="media-tools">
        <dt>{t('mediaTools.ffmpeg')}</dt>
        <dd>{ffmpegText}</dd>
        <dt>{t('mediaTools.images')}</dt>
        <dd>{t(images.build === 'wasm' ? 'mediaTools.imagesWasm' : 'mediaTools.imagesNative', { version: images.libvips })}</dd>
      </dl>
    </section>
  );
}
