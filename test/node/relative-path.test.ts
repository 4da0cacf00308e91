import { describe, expect, it } from 'vitest';
import { isRelativePath } from '../../src/storage/stored-upload.ts';

// A record's relativePath comes back from storage: a crafted one must not label one file as another,
// nor hand the page's `metadata(file, item)` a path that climbs out of the folder it names.
describe('isRelativePath: the folder paths a stored record may keep', () => {
  it.each([
    ['the name alone', 'a.jpg'],
    ['a folder path ending with the name', 'photos/2024/a.jpg'],
    ['folders with dots and spaces in their names', 'my .photos/2024 ..old/a.jpg'],
    ['exactly 4096 characters', `${'p/'.repeat(2045)}ab/a.jpg`.slice(-4096)],
  ])('keeps %s', (_, value) => {
    expect(isRelativePath(value, 'a.jpg')).toBe(true);
  });

  it.each([
    ['4097 characters', `${'p/'.repeat(2046)}a.jpg`.slice(-4097)],
    ['a C0 control character', 'photos/\u0007/a.jpg'],
    ['DEL', 'photos\u007f/a.jpg'],
    ['a C1 control character', 'photos\u0085/a.jpg'],
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
