import { z } from 'zod';
import { defineRoute } from './define';
import { inputMessages } from './input-messages';

/** The gateway's upload limit; larger files are refused before they cross the boundary. */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
const tooLarge = inputMessages.uploadTooLarge.en;

/**
 * File bytes as they cross the boundary: a Uint8Array or ArrayBuffer over IPC, or Base64 text
 * where the transport carries JSON only.
 */
export const fileBytesSchema = z.union([
  z.instanceof(Uint8Array).refine((bytes) => bytes.byteLength <= UPLOAD_MAX_BYTES, tooLarge),
  z.instanceof(ArrayBuffer).refine((bytes) => bytes.byteLength <= UPLOAD_MAX_BYTES, tooLarge),
  z
    .base64()
    .refine((text) => text.length <= Math.ceil(UPLOAD_MAX_BYTES / 3) * 4, tooLarge),
]);

export const addUploadInputSchema = z
  .object({
    fileName: z.string().trim().min(1).max(255),
    bytes: fileBytesSchema,
  })
  .strict();
export type AddUploadInput = z.input<typeof addUploadInputSchema>;

/** An image uploaded to the gateway in use (or found already uploaded, by content). */
export const uploadedImageSchema = z.object({
  /** Public address to use as a reference image. */
  url: z.string(),
  mimeType: z.string(),
  /** Bytes. */
  size: z.number(),
  width: z.number().nullable(),
  height: z.number().nullable(),
  hasAlpha: z.boolean(),
  /** Content hash (sha256, hex); the same bytes are uploaded once per gateway profile. */
  sha256: z.string(),
  /** True when nothing was sent because the same file was uploaded before. */
  reused: z.boolean(),
  /** A small local preview (`data:image/webp;base64,...`), at most 320 px on its longer side. */
  previewDataUrl: z.string(),
});
export type UploadedImageView = z.infer<typeof uploadedImageSchema>;

export const uploadsRoutes = {
  'uploads.add': defineRoute({ input: addUploadInputSchema, output: uploadedImageSchema }),
};
