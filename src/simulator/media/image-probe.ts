import { sharp } from './image-library';

/** Image container formats the gateway accepts anywhere (uploads). */
export type AcceptedImageFormat = 'jpeg' | 'png' | 'webp' | 'gif';

/** What the simulator learns about an image from its bytes. */
export interface ImageFacts {
  format: AcceptedImageFormat;
  mime: string;
  width: number;
  height: number;
  hasAlpha: boolean;
}

const MIME_BY_FORMAT: Record<AcceptedImageFormat, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  gif: 'image/gif',
};

function isAcceptedFormat(format: string | undefined): format is AcceptedImageFormat {
  return format !== undefined && format in MIME_BY_FORMAT;
}

/**
 * Reads the real format and pixel size from the bytes (never from a declared type or a file
 * name). Returns null for anything that is not a decodable JPEG, PNG, WebP or GIF.
 */
export async function probeImage(bytes: Buffer): Promise<ImageFacts | null> {
  try {
    const metadata = await sharp(bytes).metadata();
    if (!isAcceptedFormat(metadata.format)) return null;
    return {
      format: metadata.format,
      mime: MIME_BY_FORMAT[metadata.format],
      width: metadata.width,
      height: metadata.height,
      hasAlpha: metadata.hasAlpha,
    };
  } catch {
    return null;
  }
}
