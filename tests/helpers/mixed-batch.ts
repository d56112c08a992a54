/**
 * A mixed batch over every family of the catalog: direct and task images of both image models,
 * and each video family (official singular record, clip3 `/v1/videos/{id}`, turbo, omni with its
 * business id, VVIP). Values are the Create form's; `https://cdn.example` references are only
 * checked by extension by the demo gateway.
 */
export const MIXED_BATCH: readonly { variantId: string; values: Record<string, unknown>; family: string }[] = [
  { family: 'image direct', variantId: 'image.gen-image-2.direct', values: { size: '1024x1024' } },
  { family: 'image task', variantId: 'image.gen-image-2.task', values: { size: { tier: '1K', ratio: '1:1' } } },
  { family: 'image direct (nova)', variantId: 'image.nova-3.1-flash-image', values: { size: '1024x1024' } },
  { family: 'image task (nova official)', variantId: 'image.nova-3-pro-image.official', values: { size: '1:1' } },
  { family: 'video official', variantId: 'video.vid-2.official', values: { size: '1280x720', duration: 4 } },
  { family: 'video clip3', variantId: 'video.clip-o3-720p', values: { duration: 5, size: '1280x720', images: ['https://cdn.example/ref-1.png'] } },
  { family: 'video turbo', variantId: 'video.clip-3.0-turbo', values: { duration: 3 } },
  { family: 'video omni', variantId: 'video.clip-v3-omni', values: { duration: 3 } },
  { family: 'video vvip', variantId: 'video.vid-2-vvip', values: { duration: 4 } },
];

/** One `jobs.create_batch` input per entry (the form's values differ per variant). */
export function mixedBatchInputs(
  prompt: string,
): { name: string; variantIds: string[]; prompts: string[]; countPerPrompt: number; values: Record<string, unknown> }[] {
  return MIXED_BATCH.map((entry) => ({
    name: `${entry.family}: ${prompt}`,
    variantIds: [entry.variantId],
    prompts: [`${prompt} (${entry.family})`],
    countPerPrompt: 1,
    values: entry.values,
  }));
}
