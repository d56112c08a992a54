/**
 * Why a job ended the way it did (or waits), worded once for the window and the command line.
 * The engine records a code and an English account with the details (`errorCode`,
 * `errorMessage`), and the gateway's own words apart (`gatewayMessage`); `jobProblem` turns them
 * into a `StudioError` whose reason says what happened and what to do, in English and Chinese.
 */
import type { LocalizedText } from '../catalog/types';
import { ERROR_CASE_SUMMARIES, isGatewayErrorCase } from '../gateway/error-cases';
import type { ErrorCode, ErrorParams } from './errors';

export interface JobReasonEntry {
  code: ErrorCode;
  words: (params: ErrorParams) => LocalizedText;
}

const t = (en: string, zh: string): LocalizedText => ({ en, 'zh-CN': zh });
const entry = (code: ErrorCode, en: string, zh: string): JobReasonEntry => ({ code, words: () => t(en, zh) });

/** Reasons of jobs' problems, merged into `errorReasons` (keys start with `job_`). */
export const jobReasons = {
  job_task_failed: entry(
    'gateway_error',
    'The gateway reported that this task failed. Retry to send it again (a new, paid request), or change the prompt first.',
    '网关报告此任务失败。可以重试再次发送（这是一次新的付费请求），或先修改提示词。',
  ),
  job_no_result_address: entry(
    'gateway_error',
    'The task finished, but the gateway gave no address for its result and its content route returned nothing, so there was nothing to download.',
    '任务已完成，但网关没有给出结果地址，其内容接口也没有返回任何内容，因此无法下载。',
  ),
  job_summary_only: entry(
    'gateway_error',
    'The gateway answered this edit with a summary only; it sends no image data, so nothing could be added to the library.',
    '网关对这次编辑只返回了摘要，没有图片数据，因此没有作品加入作品库。',
  ),
  job_outcome_unknown: entry(
    'gateway_error',
    'The request was sent, but no readable answer came back: the gateway may have accepted it and charged for it. The studio did not send it again. Resubmit it (if the first one did reach the gateway, both are charged) or discard it.',
    '请求已发送，但没有收到可读的回复：网关可能已经接受并扣费。工作室没有再次发送。您可以重新提交（如果第一次已送达网关，两次都会扣费），或放弃它。',
  ),
  job_server_error_unknown: entry(
    'gateway_error',
    'The gateway answered with a server error after the request reached it: it may have accepted the job and charged for it before failing. The studio did not send it again. Look it up on the gateway where the model allows it, resubmit it (if the first one was accepted, both are charged), or discard it.',
    '请求送达网关后，网关返回了服务器错误：它可能在出错前已经接受此任务并扣费。工作室没有再次发送。在模型支持时可到网关上查询，也可以重新提交（如果第一次已被接受，两次都会扣费），或放弃它。',
  ),
  job_interrupted: entry(
    'gateway_error',
    'The studio stopped while this job was being sent, so it may or may not have reached the gateway (and been charged). Resubmit it (both may be charged) or discard it.',
    '发送此任务时工作室停止了，因此它可能已送达网关（并已扣费），也可能没有。您可以重新提交（可能两次都会扣费），或放弃它。',
  ),
  job_task_id_clash: entry(
    'gateway_error',
    'The gateway answered with the task of another job, so what happened to this one is unknown. Resubmit it (it may be charged twice) or discard it.',
    '网关返回的是另一个任务的 ID，因此此任务的结果未知。您可以重新提交（可能会重复扣费），或放弃它。',
  ),
  job_not_received: entry('gateway_error', 'The gateway has no record of this submission, so it was queued again.', '网关没有这次提交的记录，因此已重新排队。'),
  job_resubmitted: entry(
    'conflict',
    'Sent again at your request. If the first submission did reach the gateway, both are charged.',
    '已按您的要求重新发送。如果第一次提交已送达网关，两次都会扣费。',
  ),
  job_discarded: entry(
    'conflict',
    'Discarded at your request. If the submission did reach the gateway, it may have been charged.',
    '已按您的要求放弃。如果提交已送达网关，可能已经扣费。',
  ),
  job_canceled: entry('conflict', 'Canceled.', '已取消。'),
  job_deadline: entry(
    'gateway_error',
    'An earlier version of the studio stopped waiting for this task at its usual time. The gateway may still have finished it; retry to send it again (a new, paid request).',
    '早期版本的工作室在此类任务的正常时间到达后停止了等待。网关可能已经完成了它；重试会再次发送（这是一次新的付费请求）。',
  ),
  job_poll_refused: entry(
    'gateway_error',
    'The gateway refused to report on this task several times, so the studio stopped asking.',
    '网关多次拒绝报告此任务的状态，工作室已停止查询。',
  ),
  job_no_result: entry(
    'gateway_error',
    'The gateway answered without any image. What came back is kept with the job.',
    '网关的回复中没有任何图片。收到的内容已随任务保存。',
  ),
  job_no_character: entry('gateway_error', 'The character task finished without any character.', '角色任务已完成，但没有生成任何角色。'),
  job_character_missing: entry('gateway_error', 'The video was saved, but no character was created from it.', '视频已保存，但没有从中创建角色。'),
  job_download_failed: entry(
    'storage_error',
    'The result could not be downloaded. While it is still valid on the gateway, “Download again” fetches it again at no charge.',
    '无法下载结果。只要它在网关上仍然有效，“重新下载”即可免费再次获取。',
  ),
  job_result_expired: entry(
    'gateway_error',
    'The result expired on the gateway before it could be downloaded. It was paid for; the gateway no longer serves it.',
    '结果在下载之前已在网关上过期。该结果已付费，但网关不再提供它。',
  ),
  job_partial: entry('gateway_error', 'Some results of this job could not be saved.', '此任务的部分结果无法保存。'),
  job_write_failed: entry(
    'storage_error',
    'The results arrived but could not be written to the library folder. Check that the folder exists and has space.',
    '结果已收到，但无法写入作品库文件夹。请检查文件夹是否存在以及空间是否足够。',
  ),
  job_invalid_request: entry(
    'invalid_input',
    'The request breaks a rule of its model, so it was not sent and nothing was charged.',
    '该请求不符合模型的规则，因此没有发送，也没有扣费。',
  ),
  job_batch_stopped: entry(
    'insufficient_quota',
    'Its batch stopped before sending this job (budget reached or out of credits). Add credits or lower the budget, then resume the batch.',
    '发送此任务前，所在批次已停止（已达到预算或积分不足）。请充值或降低预算，然后继续该批次。',
  ),
  job_budget_unchecked: entry(
    'gateway_error',
    'The balance could not be read to check the batch’s budget, so this job waits. It is tried again shortly.',
    '无法读取余额来检查批次预算，因此此任务正在等待，稍后会再试。',
  ),
  job_out_of_credits: entry(
    'insufficient_quota',
    'Not enough credits on this account or key; the job waits in the queue. Add credits or raise the key’s limit, then resume.',
    '账户或密钥的积分不足，任务在队列中等待。请充值，或提高密钥的积分上限，然后继续。',
  ),
  job_rate_limited: entry(
    'rate_limited',
    'The gateway is receiving too many requests; the studio slows down and tries again.',
    '网关收到的请求过多，工作室会放慢速度并再次尝试。',
  ),
  job_unreachable: entry(
    'gateway_unreachable',
    'The gateway could not be reached; nothing was sent. The studio tries again while the connection is down.',
    '无法连接网关，没有发送任何内容。连接恢复前工作室会继续尝试。',
  ),
  job_gateway_refused: {
    code: 'gateway_error',
    words: (params) => {
      const known = isGatewayErrorCase(params.case) ? ERROR_CASE_SUMMARIES[params.case] : undefined;
      return known ? t(known.en, known['zh-CN']) : t('The gateway refused this job.', '网关拒绝了此任务。');
    },
  },
  job_failed: entry('gateway_error', 'The job failed.', '任务失败。'),
} satisfies Record<string, JobReasonEntry>;

export type JobReason = keyof typeof jobReasons;

/** The engine's codes, by the reason that words them; codes not listed are a gateway's own. */
const reasonOfCode: Readonly<Record<string, JobReason>> = {
  task_failed: 'job_task_failed',
  no_result_address: 'job_no_result_address',
  summary_only: 'job_summary_only',
  outcome_unknown: 'job_outcome_unknown',
  server_error_unknown: 'job_server_error_unknown',
  unexpected: 'job_outcome_unknown',
  interrupted: 'job_interrupted',
  task_id_clash: 'job_task_id_clash',
  not_received: 'job_not_received',
  resubmitted: 'job_resubmitted',
  discarded: 'job_discarded',
  canceled: 'job_canceled',
  deadline: 'job_deadline',
  poll_refused: 'job_poll_refused',
  no_result: 'job_no_result',
  no_character: 'job_no_character',
  character_missing: 'job_character_missing',
  download_failed: 'job_download_failed',
  result_expired: 'job_result_expired',
  partial: 'job_partial',
  write_failed: 'job_write_failed',
  invalid_request: 'job_invalid_request',
  batch_stopped: 'job_batch_stopped',
  budget_unchecked: 'job_budget_unchecked',
  insufficient_quota: 'job_out_of_credits',
  rate_limited: 'job_rate_limited',
  unreachable: 'job_unreachable',
};

/** The reason that words a job's code: the engine's own, a recognised gateway case, or a plain failure. */
export function jobReasonOf(code: string | null): { reason: JobReason; params: ErrorParams } {
  if (code === null) return { reason: 'job_failed', params: {} };
  const own = Object.hasOwn(reasonOfCode, code) ? reasonOfCode[code] : undefined;
  if (own !== undefined) return { reason: own, params: {} };
  if (isGatewayErrorCase(code)) return { reason: 'job_gateway_refused', params: { case: code } };
  return { reason: 'job_failed', params: { code } };
}
