/**
 * The limits of each field, checked as the artist types, from the catalog's form description,
 * with the reason worded in English and Chinese. Main checks the same limits again (with the
 * catalog's own schema) before anything is sent; these only make the form say it first.
 */
import { isHttpUrl, type FormFieldDescription, type LocalizedText, type Unit } from '../../../../../shared/catalog';
import { inBothLanguages } from '../../../../../shared/i18n/locales';
import { chineseTerm } from '../../../i18n/glossary';

export const t = (en: string, zh: string): LocalizedText => ({ en, 'zh-CN': zh });

const UNITS: Readonly<Record<Unit, LocalizedText>> = {
  seconds: t(' seconds', ` ${chineseTerm('seconds')}`),
  images: t(' images', ' 张'),
  tokens: t(' tokens', ' 个 token'),
};

function unit(field: FormFieldDescription): LocalizedText {
  const which = field.unit ?? field.range?.unit;
  return which === undefined ? t('', '') : UNITS[which];
}

function toNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  if (typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return undefined;
}

function choiceList(field: FormFieldDescription): LocalizedText {
  const choices = field.choices ?? [];
  const labels = choices.map((c) => inBothLanguages(c.label));
  return t(labels.map((l) => l.en).join(', '), labels.map((l) => l['zh-CN']).join('、'));
}

const ID = /^[A-Za-z0-9_.:-]+$/;
const SEGMENT = /^\s*(\d+(?:\.\d+)?)\s*,\s*(\d+(?:\.\d+)?)\s*$/;

function textProblem(field: FormFieldDescription, value: string): LocalizedText | undefined {
  if (field.maxLength !== undefined && value.length > field.maxLength) {
    return t(`At most ${field.maxLength} characters (now ${value.length})`, `最多 ${field.maxLength} 个字符（现在 ${value.length} 个）`);
  }
  const format = field.text?.format;
  if (format === 'http-url' && !isHttpUrl(value)) return t('A full http:// or https:// address', '请填写以 http:// 或 https:// 开头的完整地址');
  if (format === 'url-or-id' && !isHttpUrl(value) && !ID.test(value)) return t('An http(s) address or a task id', '请填写 http(s) 地址或任务 ID');
  if (format === 'id') {
    if (!ID.test(value)) return t('An id without spaces or slashes', '请填写不含空格或斜杠的 ID');
    const prefix = field.text?.idPrefix;
    if (prefix !== undefined && !value.startsWith(prefix)) return t(`An id starting with ${prefix}`, `请填写以 ${prefix} 开头的 ID`);
  }
  if (format === 'time-segment') {
    const seconds = field.text?.segmentSeconds ?? 2;
    const match = SEGMENT.exec(value);
    const length = match ? Number(match[2]) - Number(match[1]) : Number.NaN;
    if (!match || Math.abs(length - seconds) > 1e-9) {
      return t(`A ${seconds}-second segment written start,end, e.g. 3,${3 + seconds}`, `请按“开始,结束”填写 ${seconds} 秒的片段，例如 3,${3 + seconds}`);
    }
  }
  return undefined;
}

function sizeProblem(field: FormFieldDescription, value: unknown): LocalizedText | undefined {
  const sizes = field.sizes;
  if (!sizes) return undefined;
  if (value === 'auto') return sizes.allowAuto ? undefined : t('Choose a size', '请选择尺寸');
  const choice = value as { tier?: unknown; ratio?: unknown } | null;
  const tier = sizes.tiers.find((candidate) => candidate.tier === choice?.tier);
  if (choice?.ratio === 'auto' && tier !== undefined) return sizes.allowAuto ? undefined : t('Choose a size', '请选择尺寸');
  if (tier?.options.some((option) => option.ratio === choice?.ratio)) return undefined;
  const ratio = typeof choice?.ratio === 'string' ? choice.ratio : '?';
  return tier
    ? t(
        `${ratio} is not available at ${tier.tier}; choose ${tier.options.map((o) => o.ratio).join(', ')}`,
        `${tier.tier} 不支持 ${ratio}，可选：${tier.options.map((o) => o.ratio).join('、')}`,
      )
    : t('Choose one of the offered sizes', '请从给出的尺寸中选择');
}

/**
 * What is wrong with a value of an option field, or undefined when it is within the field's
 * limits. A blank value is not checked here (see `requiredProblem`).
 */
export function checkValue(field: FormFieldDescription, value: unknown): LocalizedText | undefined {
  switch (field.control) {
    case 'select':
      return field.choices?.some((choice) => String(choice.value) === String(value))
        ? undefined
        : t(`Choose one of: ${choiceList(field).en}${unit(field).en}`, `请选择：${choiceList(field)['zh-CN']}${unit(field)['zh-CN']}`);
    case 'integer':
    case 'number': {
      const number = toNumber(value);
      const range = field.range;
      if (number === undefined) return t('Enter a number', '请输入数字');
      if (field.control === 'integer' && !Number.isInteger(number)) return t('Enter a whole number', '请输入整数');
      if (range && (number < range.min || number > range.max)) {
        const whole = field.control === 'integer';
        const zhUnit = unit(field)['zh-CN'].trim();
        return t(
          `Choose ${whole ? 'a whole number' : 'a number'} from ${range.min} to ${range.max}${unit(field).en}`,
          `请输入 ${range.min} 到 ${range.max} 之间的${whole ? '整数' : '数字'}${zhUnit === '' ? '' : `（${zhUnit}）`}`,
        );
      }
      return undefined;
    }
    case 'text':
    case 'prompt':
      return typeof value === 'string' ? textProblem(field, value) : t('Enter text', '请输入文字');
    case 'size':
      return sizeProblem(field, value);
    case 'toggle':
      return typeof value === 'boolean' ? undefined : t('On or off', '请选择开或关');
    case 'videos': {
      const urls = Array.isArray(value) ? value : [];
      const max = field.files?.maxCount;
      if (max !== undefined && urls.length > max) return t(`At most ${max} address${max === 1 ? '' : 'es'}`, `最多 ${max} 个地址`);
      return urls.every((url) => typeof url === 'string' && isHttpUrl(url)) ? undefined : t('Public http(s) addresses only', '只接受公开的 http(s) 地址');
    }
    case 'objects': {
      if (!Array.isArray(value)) return t('One JSON object per line', '每行一个 JSON 对象');
      const items: unknown[] = value;
      const max = field.range?.max;
      if (max !== undefined && items.length > max) return t(`At most ${max} items`, `最多 ${max} 项`);
      return items.every((item) => item !== null && typeof item === 'object' && !Array.isArray(item))
        ? undefined
        : t('Each item is an object', '每一项都必须是对象');
    }
    case 'search-tools': {
      const types = Array.isArray(value) ? value : [];
      return types.every((type) => field.choices?.some((choice) => choice.value === type))
        ? undefined
        : t('Choose among the offered searches', '请从给出的搜索类型中选择');
    }
    default:
      return undefined;
  }
}

/** A required field left empty (fields with a default are filled by it, so they never are). */
export function requiredProblem(field: FormFieldDescription, blank: boolean): LocalizedText | undefined {
  if (!field.required || !blank || field.default !== undefined) return undefined;
  return t('Required', '必填');
}

/** What main learns of a local reference file. */
export interface FileFacts {
  mime: string;
  bytes: number;
}

function megabytes(bytes: number): string {
  const value = bytes / (1024 * 1024);
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

/** Count, type and byte limits of a file field over the files given for it. */
export function checkFiles(field: FormFieldDescription, files: readonly FileFacts[]): LocalizedText | undefined {
  const limits = field.files;
  if (!limits) return undefined;
  const noun = (n: number): LocalizedText => t(`${n} image${n === 1 ? '' : 's'}`, `${n} 张图片`);
  const max = field.control === 'image' ? 1 : limits.maxCount;
  if (files.length < limits.minCount) return t(`Add at least ${noun(limits.minCount).en}`, `请至少添加 ${noun(limits.minCount)['zh-CN']}`);
  if (max !== undefined && files.length > max)
    return t(`At most ${noun(max).en} (now ${files.length})`, `最多 ${noun(max)['zh-CN']}（现在 ${files.length} 张）`);
  const types = limits.mimeTypes.map((mime) => mime.replace(/^\w+\//, '').toUpperCase());
  const wrongType = files.find((file) => !limits.mimeTypes.includes(file.mime));
  if (wrongType)
    return t(
      `${wrongType.mime.replace(/^\w+\//, '').toUpperCase()} is not taken here; use ${types.join(', ')}`,
      `此处不接受 ${wrongType.mime.replace(/^\w+\//, '').toUpperCase()}，请使用 ${types.join('、')}`,
    );
  const tooBig = limits.maxBytes === undefined ? undefined : files.find((file) => file.bytes > (limits.maxBytes ?? Infinity));
  if (tooBig && limits.maxBytes !== undefined) {
    return t(
      `At most ${megabytes(limits.maxBytes)} MB per image (one is ${megabytes(tooBig.bytes)} MB)`,
      `每张图片最多 ${megabytes(limits.maxBytes)} MB（有一张为 ${megabytes(tooBig.bytes)} MB）`,
    );
  }
  return undefined;
}
