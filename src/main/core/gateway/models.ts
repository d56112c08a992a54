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
    return decodeAnswer(modelListSchema, req, await this.http.requestJson(req)).data.flatMap((entry) => this.redacted(entry));
  }

  /**
   * An entry with the key taken out of the fields the studio shows, as from the gateway's error
   * texts: a hostile gateway may echo it. An id that holds it names no model and is dropped.
   */
  private redacted(entry: ModelEntry): ModelEntry[] {
    const redact = (text: string): string => this.http.redact(text);
    if (redact(entry.id) !== entry.id) return [];
    return [
      {
        ...entry,
        ...(entry.owned_by === undefined ? {} : { owned_by: redact(entry.owned_by) }),
        ...(entry.object === undefined ? {} : { object: redact(entry.object) }),
        ...(entry.supported_endpoint_types === undefined ? {} : { supported_endpoint_types: entry.supported_endpoint_types.map(redact) }),
      },
    ];
  }
}
