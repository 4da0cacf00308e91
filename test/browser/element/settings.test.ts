import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import type { ResumableUploadElement } from '../../../src/element.ts';
import { patternFile, QUANTUM } from '../support/files.ts';
import { endpoint, sessionLog } from '../support/server.ts';
import { mount, nextEvent, reachStatus, rowOf } from './support/fixture.ts';
import { until } from '../../support/until.ts';

const strip = (value: string | null | undefined) => value?.replace(/[\u2068\u2069]/g, '').trim();

let errors: MockInstance<typeof console.error>;
beforeEach(() => {
  errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => errors.mockRestore());

/** The first argument of each console.error call: the element's messages are strings. */
const said = () => errors.mock.calls.map(([message]) => String(message));

/** Adds a file and resolves with its failure: the row's text and the `upload-error` event's error. */
async function failedRow(element: ResumableUploadElement) {
  const failed = nextEvent(element, 'upload-error');
  const [item] = element.addFiles([patternFile(100, 'a.bin')]);
  const { error } = (await failed).detail;
  await reachStatus(element, item!, 'failed');
  const status = strip((await rowOf(element, item!)).querySelector('[part=status]')?.textContent);
  return { status, error, item: item! };
}

describe('<resumable-upload> settings', () => {
  it('enforces max-file-size written with a unit: "10KB" is 10,000 bytes', async () => {
    const element = await mount({ 'max-file-size': '10KB', multiple: true });
    const [small, large] = [patternFile(9_000, 'nine.bin'), patternFile(11_000, 'eleven.bin')];
    const added = element.addFiles([small, large]);
    expect(added.map((item) => item.file.name)).toEqual(['nine.bin']);
    expect(element.items.map((item) => `${item.file.name}:${item.rejection}`)).toEqual(['nine.bin:undefined', 'eleven.bin:max-file-size']);
    await reachStatus(element, added[0]!, 'done');
    const rejected = await rowOf(element, element.items[1]!);
    expect(strip(rejected.querySelector('[part=status]')?.textContent)).toBe('Not added: it is larger than 10 KB');
    expect(said()).toEqual([]);
  });

  it('takes binary units and spaces: max-total-size="1.5 KiB" is 1,536 bytes', async () => {
    const element = await mount({ 'max-total-size': '1.5 KiB', multiple: true, auto: 'false' });
    element.addFiles([patternFile(1_000, 'a.bin'), patternFile(536, 'b.bin'), patternFile(1, 'c.bin')]);
    expect(element.items.map((item) => item.rejection)).toEqual([undefined, undefined, 'max-total-size']);
  });

  // Each wrong setting: said once in the console as soon as it is set, naming the attribute, the value
  // and what is accepted; a file added then fails without a request, its row naming the attribute.
  it.each([
    { name: 'max-file-size', value: '10 megs', accepted: 'KiB' },
    { name: 'concurrency', value: 'abc', accepted: 'whole number' },
    { name: 'chunk-size', value: '1000', accepted: '256 KiB' },
    { name: 'upload-type', value: 'chunky', accepted: '"resumable", "media", "multipart" or "auto"' },
    { name: 'endpoint', value: '', accepted: 'upload URL' },
  ])('says a wrong $name once when it is set, and the row names it', async ({ name, value, accepted }) => {
    const element = await mount();
    expect(said()).toEqual([]);
    element.setAttribute(name, value);
    // Said once its words have loaded, before any file comes.
    await until(() => said().length > 0, 'the console says it');
    expect(said()).toHaveLength(1);
    const message = said()[0]!;
    expect(message).toContain(`\`${name}\` is ${value ? `"${value}"` : 'missing'}`);
    expect(message).toContain(accepted);
    expect(errors.mock.calls[0]![1]).toBe(element);

    const { status, error, item } = await failedRow(element);
    expect(status).toBe(`Failed: the upload is not set up correctly (${name})`);
    expect(error).toMatchObject({ name: 'UploadError', code: 'invalid-option', message });
    expect(item.upload).toBeUndefined();
    // A second file fails the same way without a second message.
    await failedRow(element);
    expect(said()).toEqual([message]);
  });

  it('says a wrong property too, once each time it is set wrong', async () => {
    const element = await mount();
    element.chunkSize = 1000;
    await until(() => said().length > 0, 'the console says it');
    expect(said()).toEqual([expect.stringContaining('`chunk-size` is "1000"')]);
    element.requestUpdate();
    await element.updateComplete;
    expect(said()).toHaveLength(1);
    element.chunkSize = '8 MiB';
    await element.updateComplete;
    element.chunkSize = 1000;
    await until(() => said().length > 1, 'the console says it again');
    expect(said()).toHaveLength(2);
    expect(said()[1]).toBe(said()[0]);
    expect(element.items).toEqual([]);
  });

  it('takes chunk-size as a size: "0.5 MiB" sends chunks of 524288 bytes', async () => {
    const element = await mount({ 'chunk-size': '0.5 MiB' });
    const success = nextEvent(element, 'upload-success');
    element.addFiles([patternFile(3 * QUANTUM, 'three.bin')]);
    const { result } = (await success).detail;
    const chunks = (await sessionLog(result.sessionUri!)).requests.filter((request) => request.kind === 'chunk');
    expect(chunks.map((chunk) => chunk.contentRange)).toEqual([`bytes 0-${2 * QUANTUM - 1}/${3 * QUANTUM}`, `bytes ${2 * QUANTUM}-${3 * QUANTUM - 1}/${3 * QUANTUM}`]);
    expect(said()).toEqual([]);
  });

  it("says an option from prepare that the engine refuses once, and the row names it", async () => {
    const element = await mount({ multiple: true });
    element.prepare = () => ({ chunkSize: 1000 });
    const first = await failedRow(element);
    expect(first.status).toBe('Failed: the upload is not set up correctly (chunk-size)');
    expect(first.error).toMatchObject({ code: 'invalid-option', message: expect.stringContaining('`chunkSize`') });
    await failedRow(element);
    expect(said()).toEqual([`<resumable-upload> ${first.error.message}`]);
  });

  it('says nothing of a missing endpoint while prepare may give one', async () => {
    const url = endpoint();
    const element = await mount({ endpoint: '' }, (element) => {
      element.prepare = () => ({ endpoint: url });
    });
    const success = nextEvent(element, 'upload-success');
    element.addFiles([patternFile(100, 'a.bin')]);
    await success;
    expect(said()).toEqual([]);
  });
});
