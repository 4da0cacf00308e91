// The image editor in the built demo: a photo drawn by the page, edited from the keyboard, the
// edited image stored by the server; screenshots of the editor at a laptop's and a phone's width.
import { flow, serverJson, until, type Driver } from '../support/driver.ts';
import { axeViolations, focusedLabel, openDemo, uploader } from '../support/element-page.ts';

/** Turns the editor on in the demo's first element, with Start to press, and adds a 1200 × 800 JPEG landscape drawn by the page. */
async function addLandscape(d: Driver, name: string): Promise<void> {
  await d.evaluate(async (name) => {
    const element = document.getElementById('default') as HTMLElement & { auto: boolean; imageEditor: boolean; addFiles(files: File[]): unknown };
    element.auto = false;
    element.imageEditor = true;
    const canvas = document.createElement('canvas');
    canvas.width = 1200;
    canvas.height = 800;
    const context = canvas.getContext('2d')!;
    const sky = context.createLinearGradient(0, 0, 0, 800);
    sky.addColorStop(0, '#2b6cb0');
    sky.addColorStop(1, '#bee3f8');
    context.fillStyle = sky;
    context.fillRect(0, 0, 1200, 800);
    context.fillStyle = '#f6e05e';
    context.beginPath();
    context.arc(900, 220, 110, 0, 2 * Math.PI);
    context.fill();
    const hill = (colour: string, y: number, height: number) => {
      context.fillStyle = colour;
      context.beginPath();
      context.moveTo(0, 800);
      for (let x = 0; x <= 1200; x += 20) context.lineTo(x, y - height * Math.sin((x / 1200) * Math.PI * 1.5 + y / 200));
      context.lineTo(1200, 800);
      context.fill();
    };
    hill('#2f855a', 560, 90);
    hill('#276749', 660, 60);
    const blob = await new Promise<Blob>((done) => canvas.toBlob((blob) => done(blob!), 'image/jpeg', 0.9));
    element.addFiles([new File([blob], name, { type: 'image/jpeg' })]);
  }, name);
}

const editorDialog = ['#default', 'dialog.editor'] as const;

/** After two frames: WebKitGTK under Xvfb paints late, and its screenshot showed the frame before the last keys. */
const painted = (d: Driver) => d.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))));

/** The open editor's size text (numbers without their isolation marks), or null while it is closed. */
const editorState = (d: Driver) =>
  d.evaluate(() => {
    const dialog = document.getElementById('default')!.shadowRoot!.querySelector<HTMLDialogElement>('dialog.editor[open]');
    return dialog ? dialog.querySelector('#editor-size')!.textContent!.replace(/[\u2068\u2069]/g, '').trim() : null;
  });

/** At `width` × `height`: the demo with a new landscape photo (its name begins with `prefix`), its editor opened from the row's Edit button. */
async function editorOpen(d: Driver, prefix: string, width: number, height: number) {
  const name = `${prefix}-${d.engine}-${Date.now()}.jpg`;
  await d.setViewport(width, height);
  await openDemo(d);
  await addLandscape(d, name);
  const element = uploader(d, 'default');
  await element.status(name, 'ready');
  await d.click(element.named(`Edit ${name}`));
  const state = await until(() => editorState(d), (open) => open !== null, 'the editor open');
  return { name, element, state };
}

export const editorFlows = [
  flow('the image editor at 1280 px: crop from the keyboard, turn, save; the server stores the edited image; screenshot, no axe violations', async (d) => {
    const { name, element, state } = await editorOpen(d, 'landscape', 1280, 900);
    d.expect(state).toBe('1,200 × 800 pixels, from 0, 0');
    d.expect(await focusedLabel(d)).toBe('Crop area');

    // A step is a fiftieth of the longer side, 24 px: 10 narrower, 5 lower, then 5 right and 3 down.
    for (let i = 0; i < 10; i++) await d.press('Shift+ArrowLeft');
    for (let i = 0; i < 5; i++) await d.press('Shift+ArrowUp');
    for (let i = 0; i < 5; i++) await d.press('ArrowRight');
    for (let i = 0; i < 3; i++) await d.press('ArrowDown');
    d.expect(await editorState(d)).toBe('960 × 680 pixels, from 120, 72');
    await painted(d);
    await d.screenshot('editor-1280', editorDialog);
    d.expect(await axeViolations(d)).toEqual([]);

    // Rotate right, from the keyboard: the crop area turns with the image.
    await d.press('Tab');
    await d.press('Tab');
    d.expect(await focusedLabel(d)).toBe('Rotate right');
    await d.press('Enter');
    d.expect(await editorState(d)).toBe('680 × 960 pixels, from 48, 120');
    await painted(d);
    await d.screenshot('editor-1280-turned', editorDialog);
    await d.click(['#default', 'dialog.editor button.choose']);
    await until(() => editorState(d), (state) => state === null, 'the editor closed');
    d.expect(await focusedLabel(d)).toBe(`Edit ${name}`);

    await d.click(element.named(`Start ${name}`));
    await element.status(name, 'done');
    const objects = await serverJson<{ id: string; contentType: string }[]>(d, `/__control/objects?name=${encodeURIComponent(name)}`);
    d.expect(objects).toHaveLength(1);
    d.expect(objects[0]!.contentType).toBe('image/jpeg');
    const size = await d.evaluate(async (id) => {
      const image = await createImageBitmap(await (await fetch(`/__files/${id}`)).blob());
      return [image.width, image.height];
    }, objects[0]!.id);
    d.expect(size).toEqual([680, 960]);
  }),

  flow('the image editor at 390 px: screenshot, no axe violations, Escape cancels and gives the focus back', async (d) => {
    const { name } = await editorOpen(d, 'phone', 390, 844);
    await d.press('Shift+ArrowUp');
    await d.press('ArrowDown');
    await painted(d);
    await d.screenshot('editor-390', editorDialog);
    d.expect(await axeViolations(d)).toEqual([]);
    await d.press('Escape');
    await until(() => editorState(d), (state) => state === null, 'the editor closed');
    d.expect(await focusedLabel(d)).toBe(`Edit ${name}`);
  }),
];
