import multipart from '@fastify/multipart';
import type { SimRoutePlugin } from '../context';
import { probeImage } from '../media/image-probe';
import { mediaStateOf } from '../media/media-state';

/** Upload limit of the interface (10MB per file). */
const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

const EXTENSION_BY_FORMAT: Record<string, string> = { jpeg: 'jpg', png: 'png', webp: 'webp', gif: 'gif' };

/**
 * `POST /v1/uploads/images`: multipart field `file` (JPEG, PNG, WebP or GIF, checked from the
 * bytes; at most 10MB) and optional `purpose` (default `generation`). The returned URL is served
 * by the simulator without expiry and accepted by generation requests; `size` is in bytes.
 */
export const uploadRoutes: SimRoutePlugin = async (app, ctx) => {
  const media = mediaStateOf(ctx);
  await app.register(multipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 10 } });

  app.post('/v1/uploads/images', async (request, reply) => {
    const key = ctx.authenticate(request, reply);
    if (!key) return reply;
    if (!request.isMultipart()) {
      return ctx.sendError(reply, 400, {
        message: 'send multipart/form-data with the image in the field "file"',
        code: 'invalid_request',
      });
    }
    let bytes: Buffer | undefined;
    let purpose = 'generation';
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          if (part.fieldname === 'file' && bytes === undefined) bytes = await part.toBuffer();
          else part.file.resume();
        } else if (part.fieldname === 'purpose' && typeof part.value === 'string' && part.value.trim() !== '') {
          purpose = part.value.trim();
        }
      }
    } catch (error) {
      if (error instanceof app.multipartErrors.RequestFileTooLargeError) {
        return ctx.sendError(reply, 413, {
          message: 'file too large: images may be at most 10MB',
          param: 'file',
          code: 'file_too_large',
        });
      }
      if (error instanceof app.multipartErrors.FilesLimitError) {
        return ctx.sendError(reply, 400, { message: 'send one file per upload', param: 'file', code: 'invalid_request' });
      }
      throw error;
    }
    if (bytes === undefined || bytes.length === 0) {
      return ctx.sendError(reply, 400, {
        message: 'the field "file" with an image is required',
        param: 'file',
        code: 'invalid_request',
      });
    }
    const facts = await probeImage(bytes);
    if (!facts) {
      return ctx.sendError(reply, 400, {
        message: 'unsupported file type: upload a JPEG, PNG, WebP or GIF image',
        param: 'file',
        code: 'invalid_file_type',
      });
    }
    const file = media.files.add({ ...facts, extension: EXTENSION_BY_FORMAT[facts.format] ?? facts.format, content: bytes });
    return {
      success: true,
      data: { id: ctx.newId('file_'), url: media.urlOf(file), mime_type: facts.mime, size: bytes.length, purpose },
    };
  });
};
