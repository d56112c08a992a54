/**
 * The recipe inside an exported PNG: international text chunks (iTXt, UTF-8, so Chinese prompts
 * survive) that image tools show and the studio can read back. Chunks are split and joined with
 * png-chunks-extract / png-chunks-encode; the pixels are never decoded or re-encoded.
 */
import extractChunks from 'png-chunks-extract';
import encodeChunks from 'png-chunks-encode';

/** The keyword of the chunk holding the recipe as JSON (the asset's sidecar). */
export const RECIPE_KEYWORD = 'atelier.recipe';

/** An iTXt chunk's data: keyword, no compression, no language tag, then the UTF-8 text. */
function itxt(keyword: string, text: string): Uint8Array {
  const head = Buffer.from(`${keyword}\0\0\0\0\0`, 'latin1');
  return Buffer.concat([head, Buffer.from(text, 'utf8')]);
}

/**
 * A copy of `png` carrying `texts` (keyword -> text) as iTXt chunks before IEND; earlier chunks
 * with the same keywords are dropped, so exporting twice does not pile them up.
 */
export function withPngText(png: Uint8Array, texts: Readonly<Record<string, string>>): Uint8Array {
  const keywords = new Set(Object.keys(texts));
  const chunks = extractChunks(png).filter((chunk) => !((chunk.name === 'iTXt' || chunk.name === 'tEXt') && keywords.has(keywordOf(chunk.data))));
  const end = chunks.findIndex((chunk) => chunk.name === 'IEND');
  const added = Object.entries(texts).map(([keyword, text]) => ({ name: 'iTXt', data: itxt(keyword, text) }));
  chunks.splice(end < 0 ? chunks.length : end, 0, ...added);
  return encodeChunks(chunks);
}

/** Every text chunk of a PNG (tEXt and uncompressed iTXt), keyword -> text. */
export function readPngText(png: Uint8Array): Record<string, string> {
  const texts: Record<string, string> = {};
  for (const chunk of extractChunks(png)) {
    const data = Buffer.from(chunk.data);
    const keyword = keywordOf(data);
    if (chunk.name === 'tEXt') texts[keyword] = data.subarray(keyword.length + 1).toString('latin1');
    if (chunk.name === 'iTXt' && data[keyword.length + 1] === 0) {
      // keyword \0 flag method language \0 translated \0 text
      let at = keyword.length + 3;
      for (let nulls = 0; nulls < 2 && at < data.length; at++) if (data[at] === 0) nulls++;
      texts[keyword] = data.subarray(at).toString('utf8');
    }
  }
  return texts;
}

function keywordOf(data: Uint8Array): string {
  const end = data.indexOf(0);
  return Buffer.from(data.subarray(0, end < 0 ? data.length : end)).toString('latin1');
}
