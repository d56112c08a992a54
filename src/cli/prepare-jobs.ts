/**
 * From checked lines to the requests of a batch: every distinct local file is uploaded once
 * (the gateway client deduplicates by content and remembers uploads in the library), its address
 * is placed in the variant's field, and each final body is checked again against the catalog.
 * A line with `count: N` becomes N identical jobs.
 */
import type { GatewayClient } from '../main/core/gateway/client';
import type { VariantEntry, WireBody } from '../shared/catalog';
import { placeFileUrls } from './file-fields';
import type { CheckedLine } from './line-check';

/** One job of the batch, in file order (line, then repeat). */
export interface PreparedJob {
  line: number;
  /** 1-based repeat of the line. */
  repeat: number;
  /** The line's count. */
  of: number;
  entry: VariantEntry;
  path: string;
  pathParams: Record<string, string>;
  body: WireBody;
  prompt: string;
}

/** The jobs of the checked lines, in order, without their files (for counting and labels). */
export function expandLines<T>(checked: readonly CheckedLine[], make: (line: CheckedLine, repeat: number) => T): T[] {
  return checked.flatMap((line) => Array.from({ length: line.count }, (_, index) => make(line, index + 1)));
}

/**
 * Uploads the local files of every line (each distinct file once) and builds the final
 * requests. Throws the client's errors (an upload that fails stops the batch before any job is
 * submitted) and InvalidRequestError if a final body breaks a limit.
 */
export async function prepareJobs(
  client: GatewayClient,
  checked: readonly CheckedLine[],
  options: { signal?: AbortSignal; onUpload?: (path: string, reused: boolean) => void } = {},
): Promise<PreparedJob[]> {
  const uploads = new Map<string, Promise<string>>();
  const urlOf = (absolutePath: string): Promise<string> => {
    let url = uploads.get(absolutePath);
    if (!url) {
      url = client.uploads.uploadFile(absolutePath, { signal: options.signal }).then((image) => {
        options.onUpload?.(absolutePath, image.reused);
        return image.url;
      });
      uploads.set(absolutePath, url);
    }
    return url;
  };
  // One file at a time: a first failure stops the rest and the order of messages stays readable.
  const bodies = new Map<number, WireBody>();
  for (const line of checked) {
    const referenceUrls: string[] = [];
    for (const file of line.references) referenceUrls.push(await urlOf(file.absolutePath));
    const maskUrl = line.mask === undefined ? undefined : await urlOf(line.mask.absolutePath);
    const body = placeFileUrls(line.entry, line.body, referenceUrls, maskUrl);
    client.generation.prepareRequest(line.entry, { pathParams: line.pathParams, body });
    bodies.set(line.line, body);
  }
  return expandLines(checked, (line, repeat) => ({
    line: line.line,
    repeat,
    of: line.count,
    entry: line.entry,
    path: line.path,
    pathParams: line.pathParams,
    body: structuredClone(bodies.get(line.line) ?? line.body),
    prompt: line.prompt,
  }));
}
