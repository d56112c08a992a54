import { describe, expect, it } from 'vitest';
import { frameArguments, limitedCommand, posterArguments, POSTER_LIMITS } from './ffmpeg-sandbox';

const valueAfter = (args: readonly string[], flag: string): string | undefined => args[args.indexOf(flag) + 1];

describe('poster arguments', () => {
  it('allow only the file protocol, the whitelisted demuxers and decoders, and force the container the parsers found', () => {
    const args = posterArguments('/library/a.mp4', 'iso', 512);
    expect(valueAfter(args, '-protocol_whitelist')).toBe('file');
    expect(valueAfter(args, '-format_whitelist')?.split(',')).toEqual(expect.arrayContaining(['mov', 'mp4', 'matroska', 'webm']));
    expect(valueAfter(args, '-codec_whitelist')?.split(',')).not.toContain('aac');
    expect(valueAfter(args, '-f')).toBe('mov');
    expect(valueAfter(args, '-i')).toBe('file:/library/a.mp4');
    expect(valueAfter(args, '-threads')).toBe('1');
    expect(args).toEqual(expect.arrayContaining(['-an', '-sn', '-dn']));
    expect(valueAfter(posterArguments('/library/b.webm', 'ebml', 512), '-f')).toBe('matroska');
  });

  it('read a path that looks like another protocol as a file', () => {
    expect(valueAfter(posterArguments('concat:/a.mp4|/b.mp4', 'iso', 512), '-i')).toBe('file:concat:/a.mp4|/b.mp4');
  });
});

describe('frame arguments', () => {
  it('seek to the moment before reading, keep the fences of posters and the frame at its own size', () => {
    const args = frameArguments('/library/a.mp4', 'iso', 1234);
    expect(valueAfter(args, '-ss')).toBe('1.234');
    expect(args.indexOf('-ss')).toBeLessThan(args.indexOf('-i'));
    expect(valueAfter(args, '-protocol_whitelist')).toBe('file');
    expect(valueAfter(args, '-i')).toBe('file:/library/a.mp4');
    expect(valueAfter(args, '-frames:v')).toBe('1');
    expect(args).not.toContain('-vf');
  });
});

describe('limits by platform', () => {
  const limits = { ...POSTER_LIMITS, memoryBytes: 1024 * 1024 * 1024, cpuSeconds: 20 };

  it('use prlimit on Linux for address space and CPU time', () => {
    expect(limitedCommand('/usr/bin/ffmpeg', ['-version'], limits, 'linux', '/usr/bin/prlimit')).toEqual({
      command: '/usr/bin/prlimit',
      args: ['--as=1073741824', '--cpu=20', '--', '/usr/bin/ffmpeg', '-version'],
    });
  });

  it("fall back to the shell's ulimit on Linux without prlimit, and limit CPU time only on macOS", () => {
    const linux = limitedCommand('/usr/bin/ffmpeg', ['-version'], limits, 'linux', undefined);
    expect(linux.command).toBe('/bin/sh');
    expect(linux.args[1]).toContain('ulimit -v 1048576');
    expect(linux.args.slice(2)).toEqual(['/usr/bin/ffmpeg', '-version']);
    const mac = limitedCommand('/opt/homebrew/bin/ffmpeg', ['-version'], limits, 'darwin', undefined);
    expect(mac.args[1]).toContain('ulimit -t 20');
    expect(mac.args[1]).not.toContain('ulimit -v');
  });

  it('start ffmpeg directly on Windows (the wall-clock timer and -max_alloc remain)', () => {
    expect(limitedCommand('C:\\ffmpeg\\ffmpeg.exe', ['-version'], limits, 'win32', undefined)).toEqual({
      command: 'C:\\ffmpeg\\ffmpeg.exe',
      args: ['-version'],
    });
  });
});
