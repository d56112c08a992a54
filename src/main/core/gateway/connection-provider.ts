/** Where a gateway answers and the key to use there. */
export interface GatewayConnection {
  /** Base URL without `/v1`. */
  baseUrl: string;
  apiKey: string;
}

/**
 * A gateway a shell hands to the core, such as the embedded demo gateway: the core asks for
 * its connection when it needs one and stops it with the studio, without knowing what serves it.
 */
export interface ConnectionProvider {
  /** The connection, starting whatever serves it on first use. */
  connection(): Promise<GatewayConnection>;
  /** Stops what serves it (again harmless). */
  stop(): Promise<void>;
}
