import { z } from 'zod';
import { optNumber, optString } from './lenient';

/** One image of a direct result: normally Base64 (`b64_json`), a URL when `response_format` is `url`. */
const directImageItemSchema = z.looseObject({
  b64_json: optString,
  url: optString,
  revised_prompt: optString,
});

/** Direct image result of the synchronous image models (`data[0].b64_json`). */
export const directImageResultSchema = z.looseObject({
  created: optNumber,
  model: optString,
  data: z.array(directImageItemSchema),
});
export type DirectImageResult = z.infer<typeof directImageResultSchema>;

/**
 * Edit-mode summary of image variant A: it describes the result but carries only the leading
 * part of the Base64 data (`b64_prefix`), never the whole image.
 */
export const imageEditSummarySchema = z.looseObject({
  case: optString,
  status: optNumber,
  reason: optString,
  created: optNumber,
  model: optString,
  data_count: optNumber,
  revised_prompt: optString,
  b64_prefix: optString,
  b64_length: optNumber,
});
export type ImageEditSummary = z.infer<typeof imageEditSummarySchema>;

/** The images of a direct result, skipping items that carry neither Base64 data nor a URL. */
export function directImages(result: DirectImageResult): { b64?: string; url?: string; revisedPrompt?: string }[] {
  return result.data.flatMap((item) => {
    const b64 = item.b64_json && item.b64_json !== '' ? item.b64_json : undefined;
    const url = item.url && item.url !== '' ? item.url : undefined;
    if (b64 === undefined && url === undefined) return [];
    return [{ b64, url, revisedPrompt: item.revised_prompt }];
  });
}
