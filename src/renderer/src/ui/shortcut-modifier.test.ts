import { describe, expect, it } from 'vitest';
import { shortcutModifier } from './shortcut-modifier';

describe('shortcutModifier', () => {
  it('says ⌘ on Apple systems, named by the platform hint or the user agent', () => {
    for (const given of ['macOS', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36', 'Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X)']) {
      expect(shortcutModifier(given)).toBe('⌘');
    }
  });

  it('says Ctrl on Windows, Linux and ChromeOS, and when nothing is told', () => {
    for (const given of ['Windows', 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)', 'Linux', 'Mozilla/5.0 (X11; Linux x86_64)', 'Chrome OS', '']) {
      expect(shortcutModifier(given)).toBe('Ctrl');
    }
  });
});
