import { describe, expect, it } from 'vitest';
import { escapeForTerminal, hasDeceptiveCharacters } from './terminal-text';

describe('text bound for the terminal', () => {
  it('spells out escape sequences, controls, invisible and look-alike characters, and nothing else', () => {
    expect(escapeForTerminal('/tmp/x\u001b[2K\r\u2215home\u202e\u200b')).toBe('/tmp/x\\u{1B}[2K\\u{D}\\u{2215}home\\u{202E}\\u{200B}');
    expect(escapeForTerminal('C:\\art')).toBe('C:\\\\art');
    expect(escapeForTerminal('/home/me/图片/Atelier café')).toBe('/home/me/图片/Atelier café');
  });

  it('keeps the line breaks of text of several lines when asked, and spells out the rest', () => {
    expect(escapeForTerminal('Error: \u001b[31mred\n    at x', { lines: true })).toBe('Error: \\u{1B}[31mred\n    at x');
  });

  it('tells deceptive text from plain text in any script', () => {
    for (const text of ['\u2215home', 'a\u00a0b', 'a\u0338b', 'a\uff0fb', 'a\u2024b', 'a\u2028b']) expect(hasDeceptiveCharacters(text), text).toBe(true);
    for (const text of ['/home/me/Pictures', '/home/me/图片', '/Users/zoë/ノート', '/home/me/列奥纳多·达·芬奇'])
      expect(hasDeceptiveCharacters(text), text).toBe(false);
  });
});
