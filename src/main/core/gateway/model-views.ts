/**
 * The model list the renderer shows: `GET /v1/models?type=all` joined with the catalog, each
 * image or video model with its catalog variants (or a generic one for unknown models).
 */
import { channelPreference, findVariants, variantsForModel, type VariantEntry } from '../../../shared/catalog';
import type { ModelType, ModelVariant, ModelView } from '../../../shared/contract';
import { responsesOnlyModel, type ModelEntry } from '../../../shared/gateway/models';
import { RESPONSES_ONLY_MODELS } from '../../../shared/gateway/text';
import type { GatewayClient } from './client';
import { GatewayError } from './gateway-error';

const ENDPOINT_TYPES: Readonly<Record<string, ModelType>> = {
  image_generation: 'image',
  video_generation: 'video',
  audio: 'audio',
};

/** Ids of one typed list, or an empty set when the gateway would not give it. */
async function idsOfType(client: GatewayClient, type: 'image' | 'video' | 'audio'): Promise<Set<string>> {
  try {
    return new Set((await client.models.list(type)).map((model) => model.id));
  } catch (error) {
    // The `all` list still names the models; their type then comes from the catalog.
    if (error instanceof GatewayError) return new Set();
    throw error;
  }
}

function typeOf(model: ModelEntry, typed: Record<'image' | 'video' | 'audio', Set<string>>): ModelType {
  if (typed.video.has(model.id)) return 'video';
  if (typed.image.has(model.id)) return 'image';
  if (typed.audio.has(model.id)) return 'audio';
  const known = findVariants(model.id)[0];
  if (known) return known.kind === 'image' ? 'image' : 'video';
  for (const endpoint of model.supported_endpoint_types ?? []) {
    const type = ENDPOINT_TYPES[endpoint];
    if (type) return type;
  }
  return 'text';
}

function variantView(entry: VariantEntry): ModelVariant {
  const channel = channelPreference(entry);
  return {
    id: entry.id,
    kind: entry.kind,
    label: entry.label,
    help: entry.help,
    generic: entry.generic === true,
    channel:
      channel === undefined
        ? null
        : {
            usually: channel.usually,
            label: channel.label,
            note: channel.note ?? null,
          },
  };
}

/** Every model the key may use, typed, with its variants. */
export async function listModelViews(client: GatewayClient): Promise<ModelView[]> {
  const [all, image, video, audio] = await Promise.all([
    client.models.list('all'),
    idsOfType(client, 'image'),
    idsOfType(client, 'video'),
    idsOfType(client, 'audio'),
  ]);
  return all.map((model) => {
    const type = typeOf(model, { image, video, audio });
    const variants = type === 'image' || type === 'video' ? variantsForModel(model.id, type) : [];
    return {
      id: model.id,
      type,
      ownedBy: model.owned_by ?? null,
      endpointTypes: model.supported_endpoint_types ?? [],
      responsesOnly: responsesOnlyModel(model.id, model.supported_endpoint_types, RESPONSES_ONLY_MODELS),
      variants: variants.map(variantView),
    };
  });
}
