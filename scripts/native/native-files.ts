// What counts as a native part of a package: a library or addon by its name, or an executable by
// its first bytes. Shared by the packaging configuration (what to unpack) and its check.
import { closeSync, openSync, readSync } from 'node:fs';

/** Addons and shared libraries by name: `.node`, `.dylib`, `.dll`, and `.so` with or without a version (`.so.8.18.7`). */
const NATIVE_LIBRARY_NAME = /\.(node|dylib|dll)$|\.so(\.\d+)*$/i;

export type BinaryFormat = 'elf' | 'mach-o' | 'pe';

export function isNativeLibraryName(path: string): boolean {
  return NATIVE_LIBRARY_NAME.test(path);
}

/** The executable format these first bytes begin, if any (ELF, Mach-O thin or fat, Windows PE). */
export function binaryFormatOf(head: Uint8Array): BinaryFormat | undefined {
  if (head.length >= 4 && head[0] === 0x7f && head[1] === 0x45 && head[2] === 0x4c && head[3] === 0x46) return 'elf';
  if (head.length >= 4) {
    const magic = ((head[0] ?? 0) << 24) | ((head[1] ?? 0) << 16) | ((head[2] ?? 0) << 8) | (head[3] ?? 0);
    if ([0xfeedface, 0xfeedfacf, 0xcefaedfe, 0xcffaedfe, 0xcafebabe].includes(magic >>> 0)) return 'mach-o';
  }
  if (head.length >= 2 && head[0] === 0x4d && head[1] === 0x5a) return 'pe';
  return undefined;
}

/** The first bytes of a file (fewer when it is shorter). */
export function readHead(file: string, bytes = 4): Uint8Array {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const read = readSync(fd, buffer, 0, bytes, 0);
    return buffer.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

/**
 * Whether a file is a native part: a library or addon by name, or an executable (its mode or a
 * name without extension or ending `.exe`, and binary first bytes: scripts with an exec bit are not).
 */
export function isNativeFile(path: string, mode: number, head: () => Uint8Array): boolean {
  if (isNativeLibraryName(path)) return true;
  const name = path.slice(path.lastIndexOf('/') + 1);
  const candidate = (mode & 0o111) !== 0 || !name.includes('.') || name.toLowerCase().endsWith('.exe');
  return candidate && binaryFormatOf(head()) !== undefined;
}
