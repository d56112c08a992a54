import type { LocalizedText } from '../catalog/types';
import { ERROR_CASE_SUMMARIES, FAILURE_KIND_SUMMARIES, isGatewayErrorCase, isGatewayFailureKind } from '../gateway/error-cases';
import type { ErrorCode, ErrorParams } from './errors';
import { jobReasons } from './job-reasons';
import { CONNECTION_CAUSE_WORDS, isConnectionCause } from './connection-causes';

/** One reason an error can have: its code, and how to say it in each language from its parameters. */
export interface ErrorReasonEntry {
  code: ErrorCode;
  words: (params: ErrorParams) => LocalizedText;
}

const t = (en: string, zh: string): LocalizedText => ({ en, 'zh-CN': zh });

/** A parameter as text; a missing one reads as an empty string rather than "undefined". */
const text = (params: ErrorParams, name: string): string => {
  const value = params[name];
  return value === null || value === undefined ? '' : String(value);
};

/** A parameter as text, or `fallback` when it is missing or empty. */
const textOr = (params: ErrorParams, name: string, fallback: string): string => text(params, name) || fallback;

const seconds = (params: ErrorParams): number | undefined => {
  const value = params.retryAfterSeconds;
  return typeof value === 'number' && value > 0 ? Math.ceil(value) : undefined;
};

/** Summary of a gateway failure: the recognised case if there is one, else how it failed. */
const gatewaySummary = (params: ErrorParams): LocalizedText => {
  if (isGatewayErrorCase(params.case)) return ERROR_CASE_SUMMARIES[params.case];
  if (isConnectionCause(params.cause)) return CONNECTION_CAUSE_WORDS[params.cause];
  if (isGatewayFailureKind(params.kind)) return FAILURE_KIND_SUMMARIES[params.kind];
  return FAILURE_KIND_SUMMARIES.http;
};

const entry = (code: ErrorCode, words: (params: ErrorParams) => LocalizedText): ErrorReasonEntry => ({ code, words });

/**
 * Every reason the studio gives for an error, worded once for the window (English and Chinese)
 * and the command line (English). Main throws `StudioFailure.of(reason, params)`; the renderer
 * and the CLI word it with `wordError`.
 */
export const errorReasons = {
  // Input
  invalid_fields: entry('invalid_input', () => t('Some values need a change.', '有些内容需要修改。')),
  invalid_request: entry('invalid_input', (p) =>
    t(`${text(p, 'target')}: refused before sending; nothing was sent or charged.`, `${text(p, 'target')}：发送前即被拒绝，没有发送，也没有扣费。`),
  ),
  unknown_variant: entry('invalid_input', (p) => t(`Unknown model variant ${text(p, 'variants')}`, `未知的模型变体：${text(p, 'variants')}`)),
  template_invalid: entry('invalid_input', (p) =>
    t(textOr(p, 'detail', 'The template could not be expanded.'), `模板无法展开：${textOr(p, 'detail', '格式不正确')}`),
  ),
  csv_unreadable: entry('invalid_input', (p) => t(`The CSV could not be read: ${text(p, 'detail')}`, `无法读取 CSV:${text(p, 'detail')}`)),
  batch_invalid: entry('invalid_input', (p) =>
    t(
      textOr(p, 'problems', 'Some requests of the batch break a limit of their model.'),
      `批次中有 ${textOr(p, 'count', '一些')} 个请求不符合模型的限制：\n${text(p, 'problems')}`.trim(),
    ),
  ),
  input_unreadable: entry('invalid_input', () => t('The request could not be read; nothing was done.', '无法读取此请求，没有执行任何操作。')),
  csv_too_many_rows: entry('invalid_input', (p) =>
    t(`The CSV has more than ${text(p, 'limit')} rows; split it into several batches.`, `CSV 超过 ${text(p, 'limit')} 行，请拆分成几个批次。`),
  ),
  template_too_many_references: entry('invalid_input', (p) =>
    t(
      `The template has ${text(p, 'references')} {{column}} references; the limit is ${text(p, 'limit')}.`,
      `模板中有 ${text(p, 'references')} 处 {{列名}} 引用，上限为 ${text(p, 'limit')}。`,
    ),
  ),
  template_too_many_prompts: entry('invalid_input', (p) =>
    t(
      `The template makes ${text(p, 'prompts')} prompts; the limit is ${text(p, 'limit')}.`,
      `模板会生成 ${text(p, 'prompts')} 条提示词，上限为 ${text(p, 'limit')}。`,
    ),
  ),
  batch_too_many_jobs: entry('invalid_input', (p) =>
    t(
      `This batch would make ${text(p, 'jobs')} jobs; the limit is ${text(p, 'limit')}. Split it or lower the count.`,
      `此批次会生成 ${text(p, 'jobs')} 个任务，上限为 ${text(p, 'limit')}。请拆分批次或减少数量。`,
    ),
  ),
  batch_prompt_too_long: entry('invalid_input', (p) =>
    t(
      `A prompt of this batch would be ${text(p, 'chars')} characters long; the limit is ${text(p, 'limit')}. Shorten the template or the CSV values.`,
      `此批次中有一条提示词会长达 ${text(p, 'chars')} 个字符，上限为 ${text(p, 'limit')}。请缩短模板或 CSV 中的值。`,
    ),
  ),
  batch_too_large: entry('invalid_input', (p) =>
    t(
      `This batch would store ${text(p, 'chars')} characters of prompts and options; the limit is ${text(p, 'limit')}. Split it into smaller batches or shorten the prompts.`,
      `此批次需要保存 ${text(p, 'chars')} 个字符的提示词和选项，上限为 ${text(p, 'limit')}。请拆分成较小的批次或缩短提示词。`,
    ),
  ),
  // Reference images, refused before anything is uploaded
  upload_empty: entry('invalid_input', (p) => t(`${text(p, 'file')}: the file is empty; nothing was uploaded.`, `${text(p, 'file')}：文件是空的，没有上传。`)),
  upload_too_large: entry('invalid_input', (p) =>
    t(
      `${text(p, 'file')}: the file is ${text(p, 'megabytes')} MB; the gateway accepts at most ${text(p, 'limitMegabytes')} MB per image. Nothing was uploaded.`,
      `${text(p, 'file')}：文件大小为 ${text(p, 'megabytes')} MB，网关每张图片最多接受 ${text(p, 'limitMegabytes')} MB。没有上传。`,
    ),
  ),
  upload_not_image: entry('invalid_input', (p) =>
    t(
      `${text(p, 'file')}: this is not an image the studio can read; upload a JPEG, PNG, WebP or GIF image. Nothing was uploaded.`,
      `${text(p, 'file')}：这不是工作室能读取的图片，请上传 JPEG、PNG、WebP 或 GIF 图片。没有上传。`,
    ),
  ),
  upload_type_refused: entry('invalid_input', (p) =>
    t(
      `${text(p, 'file')}: ${text(p, 'format')} images are not accepted; upload a JPEG, PNG, WebP or GIF image. Nothing was uploaded.`,
      `${text(p, 'file')}：不接受 ${text(p, 'format')} 格式的图片，请上传 JPEG、PNG、WebP 或 GIF 图片。没有上传。`,
    ),
  ),
  upload_too_many_pixels: entry('invalid_input', (p) =>
    t(
      `${text(p, 'file')}: the image has ${text(p, 'megapixels')} megapixels (all frames together); the studio accepts at most ${text(p, 'limitMegapixels')} megapixels. Nothing was uploaded.`,
      `${text(p, 'file')}：图片共有 ${text(p, 'megapixels')} 百万像素（所有帧合计），工作室最多接受 ${text(p, 'limitMegapixels')} 百万像素。没有上传。`,
    ),
  ),
  upload_cut_short: entry('invalid_input', (p) =>
    t(
      `${text(p, 'file')}: the image could not be read to the end (it may be damaged or cut short); nothing was uploaded.`,
      `${text(p, 'file')}：图片无法完整读取（可能已损坏或不完整），没有上传。`,
    ),
  ),
  character_source_not_video: entry('invalid_input', () =>
    t('A character is made from a finished video; choose a video of the library.', '角色需要从已完成的视频中创建，请选择作品库中的视频。'),
  ),
  character_segment_unavailable: entry('invalid_input', () =>
    t(
      'The gateway no longer serves this video, so no segment of it can be sent. Create the character from the whole video instead.',
      '网关已不再提供此视频，无法发送其中的片段。请改为从整段视频创建角色。',
    ),
  ),
  stale_cursor: entry('invalid_input', () =>
    t('That page of the library is no longer valid; start from the first page.', '这一页作品库已失效，请从第一页重新开始。'),
  ),
  // Things that are gone, or clash
  profile_not_found: entry('not_found', () => t('That gateway profile no longer exists.', '该网关配置已不存在。')),
  job_profile_deleted: entry('not_found', () => t('The gateway profile of this job was deleted.', '此任务所用的网关配置已被删除。')),
  asset_not_found: entry('not_found', () => t('That item is no longer in the library.', '该作品已不在作品库中。')),
  batch_not_found: entry('not_found', () => t('That batch no longer exists.', '该批次已不存在。')),
  job_not_found: entry('not_found', () => t('That job no longer exists.', '该任务已不存在。')),
  rerun_no_recipe: entry('invalid_input', () =>
    t(
      'This result has no recipe the studio can run again (its model is not in the catalog). Open it in Create to choose a model.',
      '此作品没有可再次运行的配方（其模型不在模型目录中）。请在“创作”中打开它并选择模型。',
    ),
  ),
  rerun_no_reference: entry('invalid_input', () =>
    t('This model takes no reference image, so the result cannot be used as one here.', '此模型不接受参考图，因此无法将该作品用作参考图。'),
  ),
  rerun_no_larger_tier: entry('invalid_input', (p) =>
    text(p, 'tiers') === ''
      ? t('This model offers no larger size for this result.', '此模型没有为该作品提供更大的尺寸。')
      : t(`Choose one of the larger sizes this model offers: ${text(p, 'tiers')}.`, `请选择此模型提供的更大尺寸之一：${text(p, 'tiers')}。`),
  ),
  frame_not_video: entry('invalid_input', () => t('Only a video has frames to grab.', '只有视频才能截取画面。')),
  frame_failed: entry('storage_error', () =>
    t('That frame could not be read from the video file. Try another moment.', '无法从视频文件中读取该画面。请换一个时刻再试。'),
  ),
  rerun_other_model: entry('invalid_input', () =>
    t('That request can only run again on another way of running the same model.', '该请求只能换用同一模型的另一种运行方式再次运行。'),
  ),
  asset_file_missing: entry('not_found', () => t('The file of that item is missing from the library folder.', '该作品的文件已不在作品库文件夹中。')),
  board_not_found: entry('not_found', () => t('That board no longer exists.', '该看板已不存在。')),
  board_is_smart: entry('conflict', () =>
    t(
      'A smart board shows whatever matches its search; results cannot be put on it or taken off by hand.',
      '智能看板显示所有符合其搜索条件的作品，无法手动添加或移除作品。',
    ),
  ),
  deletion_not_found: entry('not_found', () =>
    t(
      'Those items can no longer be restored here: the time to undo has passed. Look for them in the trash.',
      '已无法在此恢复这些作品：撤销时间已过。请到回收站中查找。',
    ),
  ),
  board_name_taken: entry('conflict', (p) => t(`A board named "${text(p, 'name')}" already exists.`, `已有名为“${text(p, 'name')}”的看板。`)),
  profile_name_taken: entry('conflict', (p) => t(`A profile named "${text(p, 'name')}" already exists.`, `已有名为“${text(p, 'name')}”的配置。`)),
  job_action_refused: entry('conflict', (p) =>
    t(textOr(p, 'detail', 'The job cannot do that in its current state.'), `无法执行此操作：${textOr(p, 'detail', '任务当前的状态不允许')}`),
  ),
  // Keys and the gateway
  missing_api_key: entry('unauthorized', (p) =>
    t(`The profile "${text(p, 'profile')}" has no API key yet. Add one in Settings.`, `配置“${text(p, 'profile')}”还没有 API 密钥。请在“设置”中添加。`),
  ),
  job_profile_missing_key: entry('unauthorized', (p) =>
    t(
      `The profile "${text(p, 'profile')}" has no API key. Add one in Settings to continue its jobs.`,
      `配置“${text(p, 'profile')}”没有 API 密钥。请在“设置”中添加，以继续它的任务。`,
    ),
  ),
  profile_address_refused: entry('invalid_input', (p) =>
    p.insecure === true
      ? t(
          `The profile "${text(p, 'profile')}" points at ${text(p, 'address')} over plain http:// on another computer, which would send the API key unencrypted. Change the address to https:// in Settings.`,
          `配置“${text(p, 'profile')}”指向另一台电脑上的明文 http:// 地址 ${text(p, 'address')}，这会不加密地发送 API 密钥。请在“设置”中改为 https://。`,
        )
      : t(
          `The address of the profile "${text(p, 'profile')}" cannot be read. Enter a full https:// address in Settings.`,
          `无法识别配置“${text(p, 'profile')}”的地址。请在“设置”中填写完整的 https:// 地址。`,
        ),
  ),
  gateway_key_rejected: entry('unauthorized', (p) => gatewaySummary({ case: 'unauthorized', ...p })),
  gateway_access_denied: entry('forbidden', (p) => gatewaySummary({ case: 'access_denied', ...p })),
  gateway_rate_limited: entry('rate_limited', (p) => {
    const wait = seconds(p);
    return wait === undefined
      ? t('The gateway is receiving too many requests. Try again shortly.', '网关收到的请求过多，请稍后再试。')
      : t(`The gateway is receiving too many requests. Try again in ${wait} s.`, `网关收到的请求过多，请在 ${wait} 秒后再试。`);
  }),
  gateway_quota: entry('insufficient_quota', () =>
    t(
      'Not enough credits on this account or key. Add credits or raise the key’s limit, then try again.',
      '账户或密钥的积分不足。请充值，或提高密钥的积分上限后再试。',
    ),
  ),
  gateway_unreachable: entry('gateway_unreachable', (p) => gatewaySummary({ kind: 'unreachable', ...p })),
  gateway_error: entry('gateway_error', gatewaySummary),
  // Prompt tools
  assistant_no_models: entry('not_found', () => t('The gateway in use offers no text model for the assistant.', '当前网关没有可供助手使用的文字模型。')),
  assistant_model_unknown: entry('not_found', (p) =>
    t(`The gateway in use does not offer the text model ${text(p, 'model')}.`, `当前网关不提供文字模型 ${text(p, 'model')}。`),
  ),
  assistant_style_refused: entry('invalid_input', (p) =>
    t(
      `${text(p, 'model')} cannot be called in the ${text(p, 'style')} style; it takes ${text(p, 'styles')}.`,
      `${text(p, 'model')} 不能以 ${text(p, 'style')} 方式调用，只支持 ${text(p, 'styles')}。`,
    ),
  ),
  assistant_image_unreadable: entry('invalid_input', (p) =>
    t(
      `${text(p, 'file')}: this is not an image the assistant can read; use a JPEG, PNG, WebP or GIF image. Nothing was sent.`,
      `${text(p, 'file')}：助手无法读取这张图片，请使用 JPEG、PNG、WebP 或 GIF 图片。没有发送。`,
    ),
  ),
  assistant_reply_broken: entry('gateway_error', (p) => {
    const why = gatewaySummary(p);
    return t(
      `The reply stopped before it was finished. ${why.en} What arrived is kept; text requests are charged, so it was not sent again.`,
      `回复在完成之前中断了。${why['zh-CN']}已收到的内容已保留；文字请求会扣费，因此没有重新发送。`,
    );
  }),
  assistant_reply_too_long: entry('gateway_error', (p) =>
    t(
      `The reply went on past ${text(p, 'limit')} characters, far longer than any real reply, so the studio stopped it there. What arrived is kept.`,
      `回复超过了 ${text(p, 'limit')} 个字符，远超任何正常回复，工作室已在此处停止接收。已收到的内容已保留。`,
    ),
  ),
  assistant_reply_interrupted: entry('internal', () =>
    t(
      'The studio stopped while this reply was arriving. What arrived is kept; ask again for the rest.',
      '回复接收期间工作室停止了。已收到的内容已保留；如需其余部分，请再问一次。',
    ),
  ),
  conversation_not_found: entry('not_found', () => t('That conversation no longer exists.', '该对话已不存在。')),
  preset_not_found: entry('not_found', () => t('That preset no longer exists.', '该预设已不存在。')),
  preset_name_taken: entry('conflict', (p) => t(`A preset named "${text(p, 'name')}" already exists.`, `已有名为“${text(p, 'name')}”的预设。`)),
  // The desktop app
  asset_trash_failed: entry('storage_error', () =>
    t('The file could not be moved to the trash; the item stays in the library.', '无法将文件移到回收站，该作品仍保留在作品库中。'),
  ),
  desktop_preferences_not_saved: entry('storage_error', () =>
    t('The desktop settings could not be saved; the previous choice is kept.', '无法保存桌面设置，已保留之前的选择。'),
  ),
  desktop_unsupported: entry('unsupported', () => t('Only the desktop app can do this.', '只有桌面应用可以执行此操作。')),
  library_folder_unconfirmable: entry('unsupported', () =>
    t(
      'The library folder can only be changed at this computer: in the desktop app, or confirmed in the terminal where web mode runs. This studio has no terminal to ask on (start it in one to change the folder, or set ATELIER_LIBRARY_DIR).',
      '只能在本机更改作品库文件夹：在桌面应用中，或在运行网页模式的终端中确认。此工作室没有可询问的终端（请在终端中启动它以更改文件夹，或设置 ATELIER_LIBRARY_DIR）。',
    ),
  ),
  export_not_saved: entry('storage_error', () =>
    t('The export could not be written there; choose another folder and try again.', '无法将导出文件写入该位置，请选择其他文件夹后再试。'),
  ),
  // The studio itself
  studio_starting: entry('internal', () => t('The studio is still starting; try again in a moment.', '工作室仍在启动，请稍后再试。')),
  internal: entry('internal', () => t('Something went wrong inside the studio. The details are in the log.', '工作室内部出错了，详情见日志。')),
  unknown_route: entry('unknown_route', (p) => t(`There is no route named "${text(p, 'route')}".`, `没有名为“${text(p, 'route')}”的接口。`)),
  // The window's connection to the studio (web mode)
  no_session: entry('unauthorized', () =>
    t(
      'This browser has no session with the studio, or it ended (signed out from another browser, or idle for 30 minutes). Open the address the studio printed at start; each works once, so for a new one press Enter in the terminal where the studio runs.',
      '此浏览器与工作室没有会话，或会话已结束（被其他浏览器退出登录，或闲置了 30 分钟）。请打开工作室启动时显示的地址；每个地址只能使用一次，如需新地址，请在运行工作室的终端中按回车键。',
    ),
  ),
  session_refused: entry('forbidden', () =>
    t(
      'The studio refused this request: it only answers pages of its own address on this computer. Open the address the studio printed at start.',
      '工作室拒绝了此请求：它只响应本机上自己地址的页面。请打开工作室启动时显示的地址。',
    ),
  ),
  studio_unreachable: entry('internal', () =>
    t('The studio is not answering. Check that it is still running, then reload this page.', '工作室没有响应。请确认它仍在运行，然后重新加载此页面。'),
  ),
  studio_unexpected_answer: entry('internal', (p) =>
    t(`The studio answered with an unexpected status ${text(p, 'status')}.`, `工作室返回了意外的状态 ${text(p, 'status')}。`),
  ),
  // Jobs: why one failed, waits or ended without a result (job-reasons.ts; worded by `jobProblem`)
  ...jobReasons,
} satisfies Record<string, ErrorReasonEntry>;

export type ErrorReason = keyof typeof errorReasons;

export function isErrorReason(value: unknown): value is ErrorReason {
  return typeof value === 'string' && Object.hasOwn(errorReasons, value);
}

/** What each code says when an error carries no reason the studio knows. */
export const codeWords: Readonly<Record<ErrorCode, LocalizedText>> = {
  invalid_input: t('Some values need a change.', '有些内容需要修改。'),
  unknown_route: t('The window asked the studio for something it does not offer.', '窗口请求了工作室不提供的功能。'),
  not_found: t('That item no longer exists.', '该项目已不存在。'),
  conflict: t('That clashes with something that already exists.', '这与已有的内容冲突。'),
  unauthorized: t('The key was refused or is missing. Check it in Settings.', '密钥被拒绝或缺失，请在“设置”中检查。'),
  forbidden: t('That is not allowed.', '不允许执行此操作。'),
  gateway_error: FAILURE_KIND_SUMMARIES.http,
  gateway_unreachable: FAILURE_KIND_SUMMARIES.unreachable,
  rate_limited: t('Too many requests. Try again shortly.', '请求过于频繁，请稍后再试。'),
  insufficient_quota: ERROR_CASE_SUMMARIES.insufficient_quota,
  storage_error: t('The studio could not save that on this computer.', '工作室无法在这台电脑上保存。'),
  unsupported: t('Only the desktop app can do that.', '只有桌面应用可以执行此操作。'),
  internal: t('Something went wrong inside the studio. The details are in the log.', '工作室内部出错了，详情见日志。'),
};
