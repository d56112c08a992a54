import type { LocalizedText } from '../catalog/types';

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
    '请输入以 http:// 或 https:// 开头的完整地址,例如 https://gateway.example.com',
  ),
  apiKeyTooShort: t('That key looks too short', '这个密钥看起来太短了'),
  libraryDirAbsolute: t(
    'Give the full path of the folder, such as /home/me/Pictures/Atelier',
    '请填写文件夹的完整路径,例如 /home/me/Pictures/Atelier',
  ),
  keyName: t('Give the key a name', '请为密钥起个名字'),
  keyNameLength: t('Keep the name to 50 characters or fewer', '名称最多 50 个字符'),
  batchName: t('Give the batch a name', '请为批次起个名字'),
  batchModels: t('Choose at least one model', '请至少选择一个模型'),
  characterSegment: t('Write the segment as start,end in seconds, e.g. 3,5', '请按“开始,结束”填写秒数,例如 3,5'),
  characterSource: t('Give either a finished video task or a video address, not both', '请提供已完成的视频任务或视频地址,二选一'),
  uploadTooLarge: t(
    'The file is larger than 10 MB; the gateway accepts at most 10 MB per image.',
    '文件超过 10 MB;网关每张图片最多接受 10 MB。',
  ),
} as const satisfies Record<string, LocalizedText>;

const byEnglish = new Map<string, LocalizedText>(Object.values(inputMessages).map((text) => [text.en, text]));

/** The studio's message with this English text, if it is one of ours. */
export function knownInputMessage(english: string): LocalizedText | undefined {
  return byEnglish.get(english);
}
