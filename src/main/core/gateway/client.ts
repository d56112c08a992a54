import { AccountApi } from './account';
import { GenerationApi } from './generation';
import { GatewayHttp, type GatewayHttpOptions } from './http';
import { ModelsApi } from './models';
import { TasksApi } from './tasks';
import { TextApi, type CallOptions } from './text';
import { MemoryUploadCache, type UploadCache } from './upload-cache';
import { UploadsApi } from './uploads';

export interface GatewayClientOptions extends GatewayHttpOptions {
  /** Where uploads are remembered; default in memory. */
  uploadCache?: UploadCache;
  /** Cache scope of uploads (profile id + base URL); default the base URL. */
  uploadScope?: string;
}

/**
 * The gateway client for one connection (base URL + key): typed wrappers per endpoint family
 * over the one request path (`GatewayHttp`). Build one per connection; `close()` releases its
 * connection pool.
 */
export class GatewayClient {
  readonly http: GatewayHttp;
  readonly account: AccountApi;
  readonly models: ModelsApi;
  readonly text: TextApi;
  readonly uploads: UploadsApi;
  readonly generation: GenerationApi;
  readonly tasks: TasksApi;
  private endpointTypes: Promise<Map<string, readonly string[]> | undefined> | undefined;

  constructor(options: GatewayClientOptions) {
    this.http = new GatewayHttp(options);
    this.account = new AccountApi(this.http);
    this.models = new ModelsApi(this.http);
    this.text = new TextApi(this.http, (model, callOptions) => this.endpointTypesOf(model, callOptions));
    this.generation = new GenerationApi(this.http);
    this.tasks = new TasksApi(this.http);
    this.uploads = new UploadsApi(this.http, options.uploadCache ?? new MemoryUploadCache(), options.uploadScope ?? this.http.baseUrl);
  }

  /** The model list's `supported_endpoint_types` of a model (read once per client; read again after a failure). */
  private async endpointTypesOf(model: string, options: CallOptions): Promise<readonly string[] | undefined> {
    this.endpointTypes ??= this.models.list('all', options).then(
      (list) => new Map(list.map((entry) => [entry.id, entry.supported_endpoint_types ?? []])),
      () => undefined,
    );
    const types = await this.endpointTypes;
    if (types === undefined) this.endpointTypes = undefined;
    return types?.get(model);
  }

  get baseUrl(): string {
    return this.http.baseUrl;
  }

  /** Stops taking requests; those in flight (perhaps a paid submission) finish first. */
  async retire(): Promise<void> {
    await this.http.drain();
  }

  async close(): Promise<void> {
    await this.http.close();
  }
}
