/**
 * Declarative description of a model variant of the gateway: where it is called, how it answers,
 * how it is polled and which options it takes with every limit of the interface. One entry
 * drives request validation in main, the form in the renderer and the CLI.
 */

import type { LocaleId } from '../i18n/locales';
import type { Words } from '../i18n/translate';

/** A language the studio ships (see `LANGUAGES`). */
export type Locale = LocaleId;

export type VariantKind = 'image' | 'video' | 'character';
/** `detect`: not known in advance (generic entries); classify the answer by its shape. */
export type ResponseStyle = 'direct' | 'summary' | 'task' | 'detect';
type RecordShape = 'generation-task' | 'official-video-wrapped';
export type PollCadenceFamily = 'image' | 'video' | 'character';

export interface PollSpec {
  /** Path with `{task_id}`, e.g. `/v1/images/generations/{task_id}`. */
  pathTemplate: string;
  recordShape: RecordShape;
  cadence: PollCadenceFamily;
  /**
   * Overrides the family's deadline where the interface advises a longer wait. Past it the task
   * is still followed (more slowly): the deadline only says when it is later than usual.
   */
  deadlineMs?: number;
  /** Longer deadlines for requests that take longer (a 4K tier); the first whose conditions all hold wins. */
  slowerWhen?: readonly { when: readonly Condition[]; deadlineMs: number }[];
  /**
   * A second route asked once this one has answered, for requests whose answer may be a video, a
   * character or both (the interface does not show which): what each route yields is kept.
   * Absent `whenAny`: always; else when any of the conditions holds for the request.
   */
  alsoAsk?: { poll: PollSpec; whenAny?: readonly Condition[] };
}

type Scalar = string | number | boolean;

/** A condition on the (wire) value of a field. "set" means present, non-empty and not false. */
export type Condition = { field: string; is: 'set' } | { field: string; equals: Scalar } | { field: string; above: number };

interface FieldBase {
  /** Wire path in the body (`metadata.n`), or the parameter name when `in` is `path`. */
  key: string;
  label: Words;
  help?: Words;
  /** Always present in the request (the default is sent when the user gives nothing). */
  required?: boolean;
  /** Not required by the gateway, but the default is sent when the user gives nothing. */
  sendDefault?: boolean;
  /** Explains a missing required value better than "required". */
  requiredMessage?: string;
  /** Shown under "more options". */
  advanced?: boolean;
  /** Validated but not shown (values fixed by the interface). */
  hidden?: boolean;
  in?: 'body' | 'path';
  /** Sent only when the condition holds (the gateway ignores it otherwise). */
  onlyWhen?: Condition;
}

export interface PromptField extends FieldBase {
  type: 'prompt';
  maxLength?: number;
  /** Reference syntax the prompt supports: `<<<image_N>>>` placeholders or `@username` mentions. */
  syntax?: 'placeholders' | 'mentions';
}

export type TextFormat = 'http-url' | 'url-or-id' | 'id' | 'time-segment';

export interface TextField extends FieldBase {
  type: 'text';
  maxLength?: number;
  format?: TextFormat;
  /** For `id`: the prefix the id must have (remix takes `task_...`). */
  idPrefix?: string;
  /** For `time-segment`: the segment length in seconds (`<start>,<end>`). */
  segmentSeconds?: number;
}

export type Unit = 'seconds' | 'images' | 'tokens';

export interface EnumField extends FieldBase {
  type: 'enum';
  values: readonly (string | number)[];
  /**
   * Where the interface names only common values ("common 16:9, 9:16, 1:1"): other values
   * matching this pattern are accepted, with a warning.
   */
  othersMatching?: string;
  default?: string | number;
  choiceLabels?: Readonly<Record<string, Words>>;
  unit?: Unit;
}

export interface IntegerField extends FieldBase {
  type: 'integer';
  min: number;
  max: number;
  default?: number;
  unit?: Unit;
}

interface NumberField extends FieldBase {
  type: 'number';
  min: number;
  max: number;
  step?: number;
  default?: number;
}

interface BooleanField extends FieldBase {
  type: 'boolean';
  default?: boolean;
}

/** One size of a tier; pixel values are absent where the interface gives none. */
export interface SizeOption {
  ratio: string;
  width?: number;
  height?: number;
}

export interface SizeTier {
  tier: string;
  options: readonly SizeOption[];
}

/** A size picked in a form: a tier and a ratio (`auto` at a tier, where the tier is sent apart), or `auto`. */
export type SizeChoice = { tier: string; ratio: string } | 'auto';

export interface SizeField extends FieldBase {
  type: 'size';
  /** What `key` carries on the wire: a pixel value `WxH` or a ratio `W:H`. */
  wire: 'pixels' | 'ratio';
  /** Wire path of the tier, when the tier is sent separately (`resolution`). */
  tierKey?: string;
  tierLabel?: Words;
  tiers: readonly SizeTier[];
  allowAuto: boolean;
  default: SizeChoice;
  /**
   * Where the interface says more sizes work than it lists ("extreme ratios such as 1:4 and 8:1 are
   * supported"): other values matching this pattern are accepted, with a warning.
   */
  othersMatching?: string;
}

/** How one item of a URL list looks on the wire. */
export type WireItem = { shape: 'string' } | { shape: 'object'; urlKey: string };

export interface MediaListField extends FieldBase {
  type: 'image-list' | 'video-list';
  minCount: number;
  maxCount?: number;
  /** Per-file limit; absent where the interface gives none (the upload limit then applies). */
  maxBytes?: number;
  mimeTypes: readonly string[];
  item: WireItem;
  /** Whether `data:` URLs / Base64 are accepted (most endpoints need uploaded http(s) URLs). */
  acceptsDataUrl: boolean;
  /** Only the first item is used by the model (extra items are ignored). */
  usesOnlyFirst?: boolean;
}

export interface ImageField extends FieldBase {
  type: 'image';
  maxBytes?: number;
  mimeTypes: readonly string[];
  acceptsDataUrl: boolean;
  /** The image should have the pixel size chosen in this size field. */
  matchesSizeOf?: string;
}

/** Inpainting mask: PNG with alpha, exactly the pixel size of the first reference image. */
export interface MaskField extends FieldBase {
  type: 'mask';
  referenceField: string;
  maxBytes?: number;
  mimeTypes: readonly ['image/png'];
}

type ItemField = EnumField | IntegerField | TextField;

interface ObjectListField extends FieldBase {
  type: 'object-list';
  maxCount?: number;
  /** Fields of each object; absent means free-form objects the gateway defines. */
  itemFields?: readonly ItemField[];
}

/** Search enhancement of the fast image model: `tools: [{type, search_types}]`. */
export interface SearchToolsField extends FieldBase {
  type: 'search-tools';
  toolType: string;
  searchTypes: readonly string[];
}

export type FieldSpec =
  | PromptField
  | TextField
  | EnumField
  | IntegerField
  | NumberField
  | BooleanField
  | SizeField
  | MediaListField
  | ImageField
  | MaskField
  | ObjectListField
  | SearchToolsField;

interface PlaceholderToken {
  /** `image` for `<<<image_N>>>`. */
  token: string;
  /** Key of the list field whose item N the placeholder refers to. */
  list: string;
}

/** Cross-field rules; `warning` rules never block a request. */
export type Rule =
  | { kind: 'exclusive'; fields: readonly [string, string] }
  | { kind: 'requires'; field: string; needs: string }
  | { kind: 'exactly-one'; fields: readonly string[] }
  | { kind: 'placeholders'; prompt: string; tokens: readonly PlaceholderToken[] }
  | { kind: 'mentions'; prompt: string; requiredUnless?: string }
  | { kind: 'warning'; when: readonly Condition[]; message: Words };

/**
 * The channel a variant's requests usually reach. Only a preference: the gateway's answer
 * decides how a job is followed (direct images, an edit summary, or a task to poll).
 */
export interface ChannelPreference {
  usually: 'direct' | 'queued';
  /** Why this is only what usually happens (the interface leaves the choice to the gateway). */
  note?: Words;
}

export interface VariantEntry {
  /** Stable id, e.g. `image.gen-image-2.direct`. */
  id: string;
  kind: VariantKind;
  /** Model ids this variant serves; the first is the default sent as `model`. */
  modelIds: readonly [string, ...string[]];
  label: Words;
  help: Words;
  method: 'POST';
  /** Endpoint path; may contain path parameters such as `{video_id}`. */
  path: string;
  /** The answer style the interface documents; the answer itself decides (see `ChannelPreference`). */
  response: ResponseStyle;
  /** Where the interface leaves the channel to the gateway: what the studio expects and why. */
  channel?: ChannelPreference;
  poll?: PollSpec;
  /** Where deployments without a result address serve the bytes (`{task_id}`). */
  contentPathTemplate?: string;
  fields: readonly FieldSpec[];
  rules: readonly Rule[];
  /** Wire values always sent as given (validated as constants). */
  fixed?: Readonly<Record<string, Scalar>>;
  /** Generic entries of unknown models accept fields the catalog does not know. */
  generic?: boolean;
}
