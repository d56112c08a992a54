import { z } from 'zod';
import { optNumber, optBoolean, optString } from './lenient';

/** One mebibyte; file limits of the interface ("2MB", "10MB") are read as binary megabytes. */
export const MB = 1024 * 1024;

/** Limits of `POST /v1/uploads/images`. */
export const UPLOAD_LIMITS = {
  maxBytes: 10 * MB,
  mimeTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
} as const;

/** Upload record of `POST /v1/uploads/images`; `data.url` is reusable in `image_urls`. */
export const uploadRecordSchema = z.looseObject({
  success: optBoolean,
  data: z.looseObject({
    id: optString,
    url: z.string().min(1),
    mime_type: optString,
    size: optNumber,
  }),
});
