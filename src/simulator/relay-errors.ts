/** The relay's error body, `{"error":{message,type,param,code}}`, as every `/v1` route answers a refusal. */

/** Fields of a relay-shaped error body. */
export interface RelayErrorFields {
  message: string;
  type?: string;
  code?: string | number | null;
  param?: string | null;
}

/** Default `type` of relay errors by status. */
function defaultErrorType(status: number): string {
  if (status === 401) return 'authentication_error';
  if (status === 403) return 'permission_error';
  if (status === 429) return 'rate_limit_error';
  if (status >= 500) return 'server_error';
  return 'invalid_request_error';
}

/** Build a relay-shaped error body. */
export function relayErrorBody(status: number, fields: RelayErrorFields): { error: Required<RelayErrorFields> } {
  return {
    error: {
      message: fields.message,
      type: fields.type ?? defaultErrorType(status),
      param: fields.param ?? null,
      code: fields.code ?? null,
    },
  };
}
