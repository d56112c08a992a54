import { describe, expect, it } from 'vitest';
import { isCurrentEnough, parseFfmpegVersion } from './ffmpeg-locator';

const versionLine = (version: string, years: string) => `ffmpeg version ${version} Copyright (c) ${years} the FFmpeg developers\nbuilt with gcc 12`;

describe('ffmpeg versions', () => {
  it('reads releases, distribution builds and git snapshots', () => {
    expect(parseFfmpegVersion(versionLine('7.1.1', '2000-2025'))).toEqual({ text: '7.1.1', release: [7, 1], year: 2025 });
    expect(parseFfmpegVersion(versionLine('5.1.9-0+deb12u1', '2000-2026'))).toEqual({ text: '5.1.9-0+deb12u1', release: [5, 1], year: 2026 });
    expect(parseFfmpegVersion(versionLine('n6.1.2', '2000-2024'))?.release).toEqual([6, 1]);
    expect(parseFfmpegVersion(versionLine('N-47683-g0e8eb07980-static', '2000-2018'))).toEqual({
      text: 'N-47683-g0e8eb07980-static',
      release: null,
      year: 2018,
    });
    expect(parseFfmpegVersion('bash: ffmpeg: command not found')).toBeUndefined();
  });

  it('trust releases from 5.1 on and snapshots of 2023 or later, nothing older', () => {
    const trusted = (version: string, years: string): boolean => {
      const parsed = parseFfmpegVersion(versionLine(version, years));
      return parsed !== undefined && isCurrentEnough(parsed);
    };
    expect(trusted('5.1.9-0+deb12u1', '2000-2026')).toBe(true);
    expect(trusted('8.0', '2000-2025')).toBe(true);
    expect(trusted('5.0.3', '2000-2022')).toBe(false);
    expect(trusted('4.4.5', '2000-2024')).toBe(false);
    // The build `@ffmpeg-installer/ffmpeg` shipped: a git snapshot of December 2018.
    expect(trusted('N-47683-g0e8eb07980-static', '2000-2018')).toBe(false);
    expect(trusted('N-118000-gabcdef-static', '2000-2025')).toBe(true);
  });
});
