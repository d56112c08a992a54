import { modelListSchema, type ModelEntry, type ModelListType } from '../../../shared/gateway/models';
import { decodeAnswer } from './decode';
import type { GatewayHttp, GatewayRequest } from './http';
import type { CallOptions } from './text';

/** `GET /v1/models`: the models the key may see. */
export class ModelsApi {
  constructor(private readonly http: GatewayHttp) {}

  /** Models of one kind; the gateway's default is `text` (video and audio never appear there). */
  async list(type: ModelListType = 'text', options: CallOptions = {}): Promise<ModelEntry[]> {
    const req: GatewayRequest = { method: 'GET', path: '/v1/models', query: { type }, retry: 'idempotent', signal: options.signal };
    return decodeAnswer(modelListSchema, req, await this.http.requestJson(req)).data;
  }
}
