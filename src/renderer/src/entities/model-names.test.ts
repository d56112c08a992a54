import { describe, expect, it } from 'vitest';
import { friendlyModelName, groupByModelName, modelLabels } from './model-names';

describe('model names an artist reads', () => {
  it('names a catalog model by its catalog name and any other id by its words, without channel words', () => {
    expect(friendlyModelName('vid-2', 'en')).toBe('Vid 2');
    expect(friendlyModelName('gen-5.3-codex-official', 'en')).toBe('Gen 5.3 Codex');
    expect(friendlyModelName('claude_sonnet-4', 'en')).toBe('Claude Sonnet 4');
    expect(friendlyModelName('official', 'en')).toBe('official');
  });

  it('groups ids of one name, saying what sets each apart', () => {
    const groups = groupByModelName(['vid-2', 'vid-2-official', 'gen-image-2', 'vid-2'], 'en');
    const vid = groups.find((group) => group.members.some((member) => member.modelId === 'vid-2'));
    expect(vid?.members).toEqual([
      { modelId: 'vid-2', note: { kind: 'standard' } },
      { modelId: 'vid-2-official', note: { kind: 'channel', word: 'official' } },
    ]);
    const alone = groups.find((group) => group.members.some((member) => member.modelId === 'gen-image-2'));
    expect(alone?.members).toEqual([{ modelId: 'gen-image-2', note: null }]);
    expect(groups.flatMap((group) => group.members)).toHaveLength(3);
  });

  it('labels ids side by side without a raw id: the name, and a word where names repeat', () => {
    const labels = modelLabels(['vid-2', 'vid-2-official', 'gen-5.3-codex-official'], 'en', { standard: 'Standard', official: 'Official' });
    expect([...labels.values()]).toEqual(['Vid 2 · Standard', 'Vid 2 · Official', 'Gen 5.3 Codex']);
    // Ids that share more than the name: only what sets them apart is said.
    const nova = modelLabels(['nova-3-pro-image-preview', 'nova-3-pro-image-preview-official', 'nova-3-pro-image'], 'en', {
      standard: 'Standard',
      official: 'Official',
    });
    expect([...nova.values()]).toEqual(['Nova 3 Pro · Preview', 'Nova 3 Pro · Preview Official', 'Nova 3 Pro · Standard']);
  });
});
