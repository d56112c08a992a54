/**
 * The model catalogue of the demo gateway: every model id the interface names, with its type
 * (the `GET /v1/models?type=` bucket), family (which request variant serves it) and the text
 * endpoints it supports.
 */

export type ModelType = 'text' | 'image' | 'video' | 'audio';

/**
 * Endpoint types a model serves. Only `chat_completions` and `responses` are reported in
 * `supported_endpoint_types` (the values the interface lists); the others are internal.
 */
export type EndpointType = 'chat_completions' | 'responses' | 'messages' | 'image_generation' | 'video_generation' | 'audio';

/**
 * Which request variant serves a model. Text families are answered by the text routes; the
 * media families name the interface's variants.
 */
type ModelFamily =
  | 'gen-text'
  | 'chat-text'
  | 'image-gen-2' // variants A (direct/summary) and B (task) of the first image model
  | 'image-nova-flash' // variant C
  | 'image-nova-pro' // variant D
  | 'image-nova-official' // variant E (task)
  | 'video-vid-official' // first video model, official (singular path)
  | 'video-vid' // first video model: remix / character use (plural path)
  | 'video-vid-vvip' // VVIP variant (plural path)
  | 'video-clip3' // second family v3 (singular path, polled at /v1/videos/{id})
  | 'video-clip-turbo' // turbo (plural path)
  | 'video-clip-omni' // omni (plural path)
  | 'image-lumen' // a model the interface does not name (direct answer)
  | 'video-lumen' // a model the interface does not name (plural path)
  | 'audio';

export interface CatalogueModel {
  id: string;
  type: ModelType;
  family: ModelFamily;
  ownedBy: string;
  /** Unix seconds reported as `created`. */
  created: number;
  endpoints: readonly EndpointType[];
  /** Messages-style `max_tokens` ceiling (chat family only). */
  maxOutputTokens?: number;
}

/** Creation time custom models report (a platform default, as the interface notes). */
const PLATFORM_DEFAULT_CREATED = 1_626_777_600;

const text = (id: string, family: 'gen-text' | 'chat-text', endpoints: readonly EndpointType[], created: number, maxOutputTokens?: number): CatalogueModel => ({
  id,
  type: 'text',
  family,
  ownedBy: family === 'gen-text' ? 'gen' : 'chat',
  created,
  endpoints,
  ...(maxOutputTokens === undefined ? {} : { maxOutputTokens }),
});

const media = (id: string, type: 'image' | 'video', family: ModelFamily, ownedBy: string): CatalogueModel => ({
  id,
  type,
  family,
  ownedBy,
  created: PLATFORM_DEFAULT_CREATED,
  endpoints: [type === 'image' ? 'image_generation' : 'video_generation'],
});

/** Every model the simulator knows, in list order. */
export const MODEL_CATALOGUE: readonly CatalogueModel[] = [
  text('gen-5-pro-official', 'gen-text', ['responses'], 1_759_795_200),
  text('gen-5.3-codex-official', 'gen-text', ['responses'], 1_770_163_200),
  text('gen-5.2-official', 'gen-text', ['chat_completions', 'responses'], 1_765_238_400),
  text('chat-opus-4-6', 'chat-text', ['chat_completions', 'messages'], 1_770_249_600, 32_000),
  text('chat-sonnet-4-6', 'chat-text', ['chat_completions', 'messages'], 1_771_372_800, 64_000),
  text('chat-haiku-4-5', 'chat-text', ['chat_completions', 'messages'], 1_760_486_400, 64_000),
  media('gen-image-2', 'image', 'image-gen-2', 'gen'),
  media('nova-3.1-flash-image', 'image', 'image-nova-flash', 'nova'),
  media('nova-3.1-flash-image-preview', 'image', 'image-nova-flash', 'nova'),
  media('nova-3-pro-image', 'image', 'image-nova-pro', 'nova'),
  media('nova-3-pro-image-preview', 'image', 'image-nova-pro', 'nova'),
  media('nova-3-pro-image-preview-official', 'image', 'image-nova-official', 'nova'),
  media('lumen-image-1', 'image', 'image-lumen', 'lumen'),
  media('vid-2', 'video', 'video-vid', 'vid'),
  media('vid2', 'video', 'video-vid-official', 'vid'),
  media('vid2-pro', 'video', 'video-vid-official', 'vid'),
  media('vid-2-pro', 'video', 'video-vid', 'vid'),
  media('vid-2-vip', 'video', 'video-vid', 'vid'),
  media('vid-2-vvip', 'video', 'video-vid-vvip', 'vid'),
  media('vid-2-official', 'video', 'video-vid-official', 'vid'),
  media('clip3-720p', 'video', 'video-clip3', 'clip'),
  media('clip3-1080p', 'video', 'video-clip3', 'clip'),
  media('clip-o3-720p', 'video', 'video-clip3', 'clip'),
  media('clip-o3-1080p', 'video', 'video-clip3', 'clip'),
  media('clip-3.0-turbo', 'video', 'video-clip-turbo', 'clip'),
  media('clip-v3-omni', 'video', 'video-clip-omni', 'clip'),
  media('lumen-video-1', 'video', 'video-lumen', 'lumen'),
  {
    id: 'tone-speech-1',
    type: 'audio',
    family: 'audio',
    ownedBy: 'tone',
    created: PLATFORM_DEFAULT_CREATED,
    endpoints: ['audio'],
  },
];

const BY_ID = new Map(MODEL_CATALOGUE.map((model) => [model.id, model]));

/** The catalogue entry of a model id, or undefined. */
export function findModel(id: string): CatalogueModel | undefined {
  return BY_ID.get(id);
}

/** The values of `supported_endpoint_types` in the model list: the interface's vocabulary only. */
export function listedEndpointTypes(model: CatalogueModel): EndpointType[] {
  return model.endpoints.filter((endpoint) => endpoint === 'chat_completions' || endpoint === 'responses');
}

/** Whether a model can be called through an endpoint type. */
export function supportsEndpoint(model: CatalogueModel, endpoint: EndpointType): boolean {
  return model.endpoints.includes(endpoint);
}
