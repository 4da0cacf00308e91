import { describe, expect, it } from 'vitest';
import { isRelativePath } from '../../src/storage/stored-upload.ts';

// A record's relativePath comes back from storage: a crafted one must not label one file as another,
// nor hand the page's `metadata(file, item)` a path that climbs out of the folder it names.
describe('isRelativePath: the folder paths a stored record may keep', () => {
  it.each([
    ['the name alone', 'a.jpg'],
    ['a folder path ending with the name', 'photos/2024/a.jpg'],
    ['folders with dots and spaces in their names', 'my .photos/2024 ..old/a.jpg'],
    // Format characters that words need stay: a Persian zero-width non-joiner, an emoji's joiner.
    ['folders in right-to-left scripts, with joiners', '\u0639\u06a9\u0633\u200c\u0647\u0627/\u05ea\u05de\u05d5\u05e0\u05d5\u05ea/\u{1f469}\u200d\u{1f4bb}/a.jpg'],
    ['exactly 4096 characters', `${'p/'.repeat(2045)}ab/a.jpg`.slice(-4096)],
  ])('keeps %s', (_, value) => {
    expect(isRelativePath(value, 'a.jpg')).toBe(true);
  });

  it.each([
    ['4097 characters', `${'p/'.repeat(2046)}a.jpg`.slice(-4097)],
    ['a C0 control character', 'photos/\u0007/a.jpg'],
    ['DEL', 'photos\u007f/a.jpg'],
    ['a C1 control character', 'photos\u0085/a.jpg'],
    // Bidi controls reorder what is shown: with one, a folder `x\u202Egpj.exe` reads as `xexe.jpg`.
    ['a right-to-left override', 'photos/x\u202Egpj.exe/a.jpg'],
    ['a left-to-right override', 'photos/\u202dold/a.jpg'],
    ['a right-to-left embedding', 'photos/\u202bold/a.jpg'],
    ['a left-to-right embedding', 'photos/\u202aold/a.jpg'],
    ['the end of an embedding', 'photos/old\u202c/a.jpg'],
    ['an isolate', 'photos/\u2067old\u2069/a.jpg'],
    ['a first-strong isolate', 'photos/\u2068old/a.jpg'],
    ['a left-to-right isolate', 'photos/\u2066old/a.jpg'],
    ['a right-to-left mark', '\u200fphotos/a.jpg'],
    ['a left-to-right mark', 'photos\u200e/a.jpg'],
    ['an Arabic letter mark', 'photos\u061c/a.jpg'],
    ["another file's name", 'photos/b.jpg'],
    ['a name that only ends like the file', 'photos/evil-a.jpg'],
    ['a file with no name', 'photos/'],
    ['a parent folder', '../a.jpg'],
    ['a parent folder in the middle', 'photos/../../etc/a.jpg'],
    ['a current folder', 'photos/./a.jpg'],
    ['an empty folder name', 'photos//a.jpg'],
    ['a path from the root', '/photos/a.jpg'],
    ['no string', ['photos', 'a.jpg']],
  ])('refuses %s', (_, value) => {
    const name = value === 'photos/' ? '' : 'a.jpg';
    expect(isRelativePath(value, name)).toBe(false);
  });
});
