import { describe, expect, it } from 'vitest';
import { variantById } from '../../../shared/catalog';
import { systemInstruction, variantBrief } from './instructions';

describe('what the assistant is told', () => {
  it('tells "improve" the chosen variant’s limits from the catalog', () => {
    const turbo = variantById('video.clip-3.0-turbo');
    if (!turbo) throw new Error('catalog lost the turbo variant');
    const brief = variantBrief(turbo);
    expect(brief).toContain('Clip 3.0 Turbo (video)');
    expect(brief).toContain('3 to 15 seconds');
    expect(brief).toContain('camera motion');
    expect(systemInstruction({ action: 'improve', variant: turbo })).toContain(brief);
  });

  it('names the placeholders of a variant that uses them, and the mention syntax of one with characters', () => {
    const omni = variantById('video.clip-v3-omni');
    if (!omni) throw new Error('catalog lost the omni variant');
    expect(variantBrief(omni)).toMatch(/<<<image_N>>>/);
    const vvip = variantById('video.vid-2-vvip');
    if (!vvip) throw new Error('catalog lost the VVIP variant');
    expect(variantBrief(vvip)).toContain('@username');
  });

  it('asks an expansion for exactly the number of lines wanted, and a translation for the target language', () => {
    expect(systemInstruction({ action: 'expand', count: 4 })).toContain('Write 4 variations');
    expect(systemInstruction({ action: 'translate', targetLanguage: 'zh-CN' })).toContain('into Simplified Chinese');
    expect(systemInstruction({ action: 'translate', targetLanguage: 'en' })).toContain('into English');
  });
});
