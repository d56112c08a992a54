import { AccountApi } from './account';
import { GenerationApi } from './generation';
import { GatewayHttp, type GatewayHttpOptions } from './http';
import { ModelsApi } from './models';
import { TasksApi } from './tasks';
import { TextApi } from './text';
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

  constructor(options: GatewayClientOptions) {
    this.http = new GatewayHttp(options);
    this.account = new AccountApi(this.http);
    this.models = new ModelsApi(this.http);
    this.text = new TextApi(this.http);
    this.generation = new GenerationApi(this.http);
    this.tasks = new TasksApi(this.http);
    this.uploads = new UploadsApi(this.http, options.uploadCache ?? new MemoryUploadCache(), options.uploadScope ?? this.http.baseUrl);
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
