import { describe, expect, it } from 'vitest';
import { patternFile } from '../support/files.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { mount, rowOf, scrollToRow } from './support/fixture.ts';
import { iconOf, loads, pngFile, thumbnailOf, watchObjectUrls } from './support/thumbnails.ts';
import { until } from '../../support/until.ts';

// Videos are in thumbnails-video.test.ts.

describe('<resumable-upload> thumbnails', () => {
  it('shows a small picture of an image, a file-type icon for the rest, and revokes the picture when the row goes', async () => {
    const element = await mount({ multiple: true, auto: 'false' });
    const [photo, notes] = element.addFiles([await pngFile('photo.png'), patternFile(10, 'notes.txt', 'text/plain')]);
    const image = await thumbnailOf(element, photo!);
    expect(image?.src).toMatch(/^blob:/);
    expect(image!.alt).toBe(''); // decorative: the row is named by the file
    await image!.decode();
    expect(image!.naturalHeight).toBe(96); // made small, not the 480 px original
    expect(image!.naturalWidth).toBe(128);
    const icon = (await rowOf(element, notes!)).querySelector('[part~=thumbnail]')!;
    expect(icon.querySelector('img')).toBeNull();
    expect((await iconOf(icon))?.family).toBe('text');
    await expectNoAxeViolations(element);

    const url = image!.src;
    expect(await loads(url)).toBe(true);
    photo!.remove();
    await element.updateComplete;
    await element.updateComplete;
    expect(await loads(url)).toBe(false);
  });

  it('makes pictures only for rows on screen', async () => {
    const element = await mount({ multiple: true, auto: 'false' }, (el) => {
      el.style.display = 'block';
      el.style.blockSize = '300px';
      el.style.overflow = 'auto';
    });
    const files = await Promise.all(Array.from({ length: 30 }, (_, i) => pngFile(`photo-${i}.png`, 64, 48)));
    const items = element.addFiles(files);
    expect(await thumbnailOf(element, items[0]!)).not.toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const last = await rowOf(element, items.at(-1)!);
    expect(last.querySelector('[part~=thumbnail] img')).toBeNull();
    last.scrollIntoView();
    expect(await thumbnailOf(element, items.at(-1)!)).not.toBeNull();
  });

  it('keeps the icon for an image the browser cannot decode', async () => {
    const element = await mount({ auto: 'false' });
    const [broken] = element.addFiles([new File([new Uint8Array([1, 2, 3, 4])], 'broken.png', { type: 'image/png' })]);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const cell = (await rowOf(element, broken!)).querySelector('[part~=thumbnail]')!;
    expect(cell.querySelector('img')).toBeNull();
    expect((await iconOf(cell))?.family).toBe('image');
  });
});

describe('<resumable-upload> thumbnails in a long list', () => {
  it('revokes the picture of a row scrolled out of the rows rendered, and makes it again when it comes back', async () => {
    const element = await mount({ multiple: true, auto: 'false' });
    const files = await Promise.all(Array.from({ length: 300 }, (_, i) => pngFile(`photo-${i}.png`, 64, 48)));
    const items = element.addFiles(files);
    const first = await thumbnailOf(element, items[0]!);
    const url = first!.src;
    expect(await loads(url)).toBe(true);
    // Far down: the first row leaves the page, its picture with it; the rows there get theirs.
    expect(await thumbnailOf(element, items[280]!)).not.toBeNull();
    await element.updateComplete;
    expect(element.shadowRoot!.querySelector(`li[data-item="${items[0]!.id}"]`)).toBeNull();
    expect(await loads(url)).toBe(false);
    const made = element.shadowRoot!.querySelectorAll('[part~=thumbnail] img').length;
    expect(made).toBeLessThan(40);
    scrollTo(0, 0);
    const again = await thumbnailOf(element, items[0]!);
    expect(again?.src).toMatch(/^blob:/);
    expect(again!.src).not.toBe(url);
  });

  it('keeps one picture of a row that left and came back while its first was being made, and revokes the other', async () => {
    const urls = watchObjectUrls();
    // Each decode waits until the test lets it go: the row leaves and comes back meanwhile.
    const decode = globalThis.createImageBitmap;
    const held: (() => void)[] = [];
    let decoded = 0;
    globalThis.createImageBitmap = (async (...args: Parameters<typeof decode>) => {
      await new Promise<void>((resolve) => held.push(resolve));
      return decode(...args).finally(() => decoded++);
    }) as typeof decode;
    try {
      const element = await mount({ multiple: true, auto: 'false' });
      const others = Array.from({ length: 299 }, (_, i) => patternFile(10, `notes-${i}.txt`, 'text/plain'));
      const [photo] = element.addFiles([await pngFile('photo.png', 64, 48), ...others]);
      await rowOf(element, photo!);
      await until(() => held.length === 1, 'the first decode');
      await scrollToRow(element, 280);
      await until(() => !element.shadowRoot!.querySelector(`li[data-item="${photo!.id}"]`), 'the row leaves');
      scrollTo(0, 0);
      await rowOf(element, photo!);
      await until(() => held.length === 2, 'the second decode');
      for (const release of held) release();
      const image = await thumbnailOf(element, photo!);
      // Both pictures made, one of them revoked.
      await until(() => decoded === 2 && urls.alive().length === 1, () => `one picture left of two (${decoded} decoded, alive: ${urls.alive().join(' ')})`);
      expect(urls.alive()).toEqual([image.src]);
    } finally {
      globalThis.createImageBitmap = decode;
      urls.restore();
    }
  });
});
