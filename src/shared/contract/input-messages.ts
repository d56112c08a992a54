import type { LocalizedText } from '../catalog/types';
import {
  MAX_BATCH_PROMPTS,
  MAX_BATCH_PROMPTS_CHARS,
  MAX_CSV_BYTES,
  MAX_JSON_DEPTH,
  MAX_BATCH_VALUES_CHARS,
  MAX_PROMPT_CHARS,
  MAX_TEMPLATE_CHARS,
  MAX_TEMPLATE_COLUMN_REFERENCES,
} from './limits';

const t = (en: string, zh: string): LocalizedText => ({ en, 'zh-CN': zh });

/**
 * The studio's own messages for rejected fields, in both languages. Schemas use the English text
 * (`inputMessages.profileName.en`), which is what crosses the contract; `wordIssue` finds the
 * translation by that text, so each English text must be unique (checked by a unit test).
 */
export const inputMessages = {
  profileName: t('Give the profile a name', '请为配置起个名字'),
  profileNameLength: t('Keep the name under 80 characters', '名称请少于 80 个字符'),
  gatewayAddress: t(
    'Enter a full address starting with http:// or https://, such as https://gateway.example.com',
    '请输入以 http:// 或 https:// 开头的完整地址，例如 https://gateway.example.com',
  ),
  gatewayPlainHttp: t(
    'Use https:// for a gateway on another computer: plain http:// would send your API key unencrypted. http:// is accepted only for this computer (localhost, 127.0.0.1).',
    '其他电脑上的网关请使用 https://：明文 http:// 会不加密地发送你的 API 密钥。http:// 只接受本机地址（localhost、127.0.0.1）。',
  ),
  invalidId: t('Not a valid id', '不是有效的编号'),
  invalidTaskId: t('Not a valid task id', '不是有效的任务编号'),
  apiKeyTooShort: t('That key looks too short', '这个密钥看起来太短了'),
  libraryDirAbsolute: t('Give the full path of the folder, such as /home/me/Pictures/Atelier', '请填写文件夹的完整路径，例如 /home/me/Pictures/Atelier'),
  libraryDirNormalised: t(
    'Give the path without "." or ".." parts or doubled slashes, such as /home/me/Pictures/Atelier',
    '请填写不含 “.”、“..” 或重复斜杠的路径，例如 /home/me/Pictures/Atelier',
  ),
  libraryDirPlainCharacters: t(
    'The path holds a character that can pass for another (a control or invisible character, a look-alike slash or dot): type it with plain characters',
    '路径中含有容易被看错的字符（控制字符、不可见字符或形似斜杠、句点的字符），请用普通字符输入',
  ),
  keyName: t('Give the key a name', '请为密钥起个名字'),
  keyNameLength: t('Keep the name to 50 characters or fewer', '名称最多 50 个字符'),
  batchName: t('Give the batch a name', '请为批次起个名字'),
  batchModels: t('Choose at least one model', '请至少选择一个模型'),
  promptTooLong: t(`A prompt may be at most ${MAX_PROMPT_CHARS} characters`, `每条提示词最多 ${MAX_PROMPT_CHARS} 个字符`),
  tooManyPrompts: t(`At most ${MAX_BATCH_PROMPTS} prompts per batch`, `每个批次最多 ${MAX_BATCH_PROMPTS} 条提示词`),
  promptsTooLong: t(`The prompts together may be at most ${MAX_BATCH_PROMPTS_CHARS} characters`, `所有提示词合计最多 ${MAX_BATCH_PROMPTS_CHARS} 个字符`),
  templateTooLong: t(`The template may be at most ${MAX_TEMPLATE_CHARS} characters`, `模板最多 ${MAX_TEMPLATE_CHARS} 个字符`),
  templateTooManyReferences: t(
    `A template may hold at most ${MAX_TEMPLATE_COLUMN_REFERENCES} {{column}} references`,
    `模板中最多可有 ${MAX_TEMPLATE_COLUMN_REFERENCES} 处 {{列名}} 引用`,
  ),
  csvTooLarge: t(`The CSV may be at most ${MAX_CSV_BYTES / 1024 / 1024} MB`, `CSV 最大 ${MAX_CSV_BYTES / 1024 / 1024} MB`),
  batchOptionsTooLarge: t(`The options are larger than ${MAX_BATCH_VALUES_CHARS} characters`, `选项内容超过 ${MAX_BATCH_VALUES_CHARS} 个字符`),
  batchOptionsTooDeep: t(`The options are nested more than ${MAX_JSON_DEPTH} levels deep`, `选项的嵌套超过 ${MAX_JSON_DEPTH} 层`),
  batchOptionsNotJson: t('The options are not plain JSON', '选项不是普通的 JSON 数据'),
  characterSegment: t('Write the segment as start,end in seconds, e.g. 3,5', '请按“开始,结束”填写秒数，例如 3,5'),
  characterSource: t(
    'Give one source: a finished video task, a video of the library or a video address',
    '请只提供一个来源：已完成的视频任务、作品库中的视频或视频地址',
  ),
  fanOutModels: t('At most 12 models in one batch', '一个批次最多 12 个模型'),
  uploadTooLarge: t('The file is larger than 10 MB; the gateway accepts at most 10 MB per image.', '文件超过 10 MB；网关每张图片最多接受 10 MB。'),
  assistantTextTooLong: t('Keep the message under 32,000 characters', '消息请少于 32,000 个字符'),
  assistantNeedsText: t('Write something for the assistant first', '请先为助手写点内容'),
  assistantNeedsImage: t('Add an image to describe', '请添加要描述的图片'),
  presetName: t('Give the preset a name', '请为预设起个名字'),
  presetNameLength: t('Keep the preset name under 80 characters', '预设名称请少于 80 个字符'),
  presetTextTooLong: t('The preset text may be at most 4,000 characters', '预设文字最多 4,000 个字符'),
  presetOptionsTooLarge: t('The preset holds too many options', '预设包含的选项过多'),
} as const satisfies Record<string, LocalizedText>;

const byEnglish = new Map<string, LocalizedText>(Object.values(inputMessages).map((text) => [text.en, text]));

/** The studio's message with this English text, if it is one of ours. */
export function knownInputMessage(english: string): LocalizedText | undefined {
  return byEnglish.get(english);
}
