/**
 * Why a gateway cannot be used, in words a person can act on: the address is not found, nothing
 * answers there, its certificate is refused, it is too slow, the key is wrong, or the address
 * answers but not as a gateway (usually a wrong base path). Used by "Test connection" and by every
 * gateway failure the window words.
 */
import { z } from 'zod';

type Words = Readonly<Record<'en' | 'zh-CN', string>>;
const t = (en: string, zh: string): Words => ({ en, 'zh-CN': zh });

const connectionCauses = ['address_not_found', 'refused', 'tls', 'timeout', 'unreachable', 'wrong_key', 'wrong_base_path', 'no_key', 'gateway_error'] as const;
const connectionCauseSchema = z.enum(connectionCauses);
export type ConnectionCause = z.infer<typeof connectionCauseSchema>;

export const CONNECTION_CAUSE_WORDS: Readonly<Record<ConnectionCause, Words>> = {
  address_not_found: t(
    'The gateway’s address was not found: no computer has that name. Check the spelling of the address, and your network.',
    '找不到网关地址：没有这个名称的服务器。请检查地址拼写和网络。',
  ),
  refused: t(
    'Nothing answers at that address: the connection was refused. Check the port, and that the gateway is running.',
    '该地址无人应答：连接被拒绝。请检查端口，并确认网关正在运行。',
  ),
  tls: t(
    'The gateway’s security certificate was not accepted (TLS). Check the address, or ask whoever runs the gateway about its certificate.',
    '网关的安全证书未被接受（TLS）。请检查地址，或向网关管理员确认证书。',
  ),
  timeout: t('The gateway did not answer in time. Check the address and your network, then try again.', '网关没有及时回复。请检查地址和网络后重试。'),
  unreachable: t('Could not connect to the gateway. Check the address and your network.', '无法连接到网关。请检查地址和网络。'),
  wrong_key: t('The gateway refused the API key. Check the key, or paste it again.', '网关拒绝了该 API 密钥。请检查密钥，或重新粘贴。'),
  wrong_base_path: t(
    'Something answers at that address, but not as a gateway: the base path is probably wrong. Use the address without /v1 (for example https://gateway.example.com).',
    '该地址有应答，但不是网关：基础路径可能不对。请填写不带 /v1 的地址（例如 https://gateway.example.com）。',
  ),
  no_key: t('This profile has no API key yet. Add one, then test again.', '此配置还没有 API 密钥。请先添加，再重新测试。'),
  gateway_error: t('The gateway answered with an error. Try again later, or ask whoever runs it.', '网关返回了错误。请稍后重试，或联系网关管理员。'),
};

export function isConnectionCause(value: unknown): value is ConnectionCause {
  return typeof value === 'string' && (connectionCauses as readonly string[]).includes(value);
}

/** What "Test connection" found: the gateway answered as one (with how many models), or why not. */
export const connectionTestSchema = z.object({
  ok: z.boolean(),
  cause: connectionCauseSchema.nullable(),
  /** The HTTP status of the answer, when one came. */
  status: z.number().int().nullable(),
  /** Models the key may use, when the gateway answered. */
  models: z.number().int().nullable(),
  /** The technical reason as it came (an error code, the gateway's words), without the key. */
  detail: z.string().nullable(),
});
export type ConnectionTest = z.infer<typeof connectionTestSchema>;
