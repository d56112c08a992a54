import { AccountApi } from './account';
import { GatewayHttp, type GatewayHttpOptions } from './http';
import { ModelsApi } from './models';
import { TextApi } from './text';

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

  constructor(options: GatewayHttpOptions) {
    this.http = new GatewayHttp(options);
    this.account = new AccountApi(this.http);
    this.models = new ModelsApi(this.http);
    this.text = new TextApi(this.http);
  }

  get baseUrl(): string {
    return this.http.baseUrl;
  }

  async close(): Promise<void> {
    await this.http.close();
  }
}
