/** `GET /v1/models?type=text|chat|image|video|audio|all`: the models a key may use. */
import type { SimRoutePlugin } from '../context';
import { MODEL_CATALOGUE, listedEndpointTypes } from '../models';
import type { CatalogueModel, ModelType } from '../models';

/** Which catalogue types each `type` query value lists. */
const TYPE_FILTERS: Readonly<Record<string, readonly ModelType[]>> = {
  text: ['text'],
  chat: ['text'],
  image: ['image'],
  video: ['video'],
  audio: ['audio'],
  all: ['text', 'image', 'video', 'audio'],
};

/** The wire form of a model entry. */
function modelEntry(model: CatalogueModel): Record<string, unknown> {
  return {
    id: model.id,
    object: 'model',
    created: model.created,
    owned_by: model.ownedBy,
    supported_endpoint_types: listedEndpointTypes(model),
  };
}

export const modelRoutes: SimRoutePlugin = (app, ctx) => {
  app.get('/v1/models', (request, reply) => {
    const key = ctx.authenticate(request, reply);
    if (!key) return reply;
    const query = request.query as Record<string, unknown>;
    const requested = typeof query.type === 'string' && query.type !== '' ? query.type.toLowerCase() : 'text';
    const types = TYPE_FILTERS[requested];
    if (!types) {
      return ctx.sendError(reply, 400, {
        message: `invalid type "${requested}"; allowed: ${Object.keys(TYPE_FILTERS).join(', ')}`,
        param: 'type',
        code: 'invalid_request',
      });
    }
    const data = MODEL_CATALOGUE.filter(
      (model) => types.includes(model.type) && ctx.keyAllowsModel(key, model.id) && ctx.availableModel(model.id) !== undefined,
    ).map(modelEntry);
    return { success: true, object: 'list', data };
  });
};
