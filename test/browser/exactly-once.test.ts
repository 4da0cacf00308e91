import { describe, expect, it } from 'vitest';
import { Upload, type UploadOptions } from '../../src/index.ts';
import { mount, reachStatus } from './element/support/fixture.ts';
import { expectStored } from './support/expect-stored.ts';
import { patternFile } from './support/files.ts';
import { script } from './support/scripted.ts';
import { endpoint, faultsPerRequest, keepAliveServerUrl, objectsNamed } from './support/server.ts';
import { fast, nextState, rejection } from './support/upload-helpers.ts';
import { until } from '../support/until.ts';

// A single request that creates (POST) is never sent twice after its answer was lost: the server
// holds at most one object, and the upload says the outcome is unknown. Objects are counted by name
// on the server itself.

type Single = 'media' | 'multipart';

/** A single-request upload of a small file under a fresh name, with these faults on its successive requests. */
function single(uploadType: Single, faults: unknown[][], extra: Partial<UploadOptions> = {}) {
  const name = `once-${crypto.randomUUID()}.bin`;
  const file = patternFile(20_000, name);
  const target = uploadType === 'media' ? `${endpoint()}?name=${name}` : endpoint();
  const upload = new Upload(file, {
    endpoint: target,
    uploadType,
    retry: fast,
    headers: faultsPerRequest(faults),
    ...(uploadType === 'multipart' ? { metadata: { name } } : {}),
    ...extra,
  });
  return { name, file, upload };
}

describe.each(['media', 'multipart'] as const)('a %s POST', (uploadType) => {
  it('whose answer is lost after the server stored it makes one object and fails with outcome-unknown', async () => {
    const { name, upload } = single(uploadType, [[{ kind: 'lose-response' }]]);
    const error = await rejection(upload.start());
    expect(error.code).toBe('outcome-unknown');
    expect(error.message).toMatch(/may or may not exist/);
    expect(upload.state).toBe('error');
    expect(await objectsNamed(name)).toHaveLength(1);
  });

  it.each([
    ['a reset mid-body', { kind: 'reset' }],
    ['a 500', { kind: 'status', status: 500 }],
    ['a 502', { kind: 'status', status: 502 }],
    ['a 504', { kind: 'status', status: 504 }],
  ])('is not sent again after %s: outcome-unknown', async (_, fault) => {
    const { name, upload } = single(uploadType, [[fault]]);
    expect((await rejection(upload.start())).code).toBe('outcome-unknown');
    // This server made nothing; the browser could not know that, so nothing was sent again.
    expect(await objectsNamed(name)).toHaveLength(0);
  });

  it.each([408, 429, 503])('is sent again after a %i (nothing was done) and makes one object', async (status) => {
    const { name, file, upload } = single(uploadType, [[{ kind: 'status', status }], [{ kind: 'status', status }]]);
    await expectStored(await upload.start(), file);
    expect(await objectsNamed(name)).toHaveLength(1);
  });

  it('sent again after a 503, then losing its answer, makes one object, not two', async () => {
    const { name, upload } = single(uploadType, [[{ kind: 'status', status: 503 }], [{ kind: 'lose-response' }]]);
    expect((await rejection(upload.start())).code).toBe('outcome-unknown');
    expect(await objectsNamed(name)).toHaveLength(1);
  });

  it('paused while the server holds its answer is not sent again on resume', async () => {
    // The server stores the object, then never answers; the pause comes once the object shows.
    const { name, upload } = single(uploadType, [[{ kind: 'hold' }]]);
    const settled = upload.start().then(
      () => undefined,
      (error: unknown) => error,
    );
    await until(async () => (await objectsNamed(name)).length > 0, 'the server stores the object');
    const paused = nextState(upload, 'paused');
    upload.pause();
    await paused;
    upload.resume();
    expect(await settled).toMatchObject({ code: 'outcome-unknown' });
    expect(await objectsNamed(name)).toHaveLength(1);
    // start() again is the app's choice to send it again.
    await upload.start();
    expect(await objectsNamed(name)).toHaveLength(2);
  });

  it('with idempotent: true, is sent again after a lost answer', async () => {
    const { name, file, upload } = single(uploadType, [[{ kind: 'lose-response' }]], { idempotent: true });
    await expectStored(await upload.start(), file);
    // This server has no precondition: both attempts made an object, as the option allowed.
    expect(await objectsNamed(name)).toHaveLength(2);
  });
});

describe('single requests that are safe to repeat are retried after a lost answer', () => {
  it.each(['PUT'] as const)('a %s', async (method) => {
    const { file, upload } = single('media', [[{ kind: 'reset' }], [{ kind: 'status', status: 500 }]], { method });
    await expectStored(await upload.start(), file);
  });

  it('a POST whose endpoint carries ifGenerationMatch', async () => {
    const { file, upload } = single('media', [[{ kind: 'reset' }], [{ kind: 'status', status: 502 }]], {
      endpoint: `${endpoint()}?name=x.bin&ifGenerationMatch=0`,
    });
    await expectStored(await upload.start(), file);
  });

  it('a 412 to the request sent again (the first attempt made the object) is outcome-unknown, not http', async () => {
    const s = await script([
      { status: 0, drop: true },
      { status: 412, json: { error: { code: 412, message: 'At least one of the pre-conditions you specified did not hold.' } } },
    ]);
    const upload = new Upload(patternFile(1000), { endpoint: `${s.base}/upload/o?name=a.bin&ifGenerationMatch=0`, uploadType: 'media', retry: fast });
    const error = await rejection(upload.start());
    expect(error.code).toBe('outcome-unknown');
    expect(error.status).toBe(412);
    expect((await s.requests()).map((r) => r.method)).toEqual(['POST', 'POST']);
  });

  it('a 412 with no lost answer before stays an http error', async () => {
    const s = await script([{ status: 412, body: 'exists' }]);
    const upload = new Upload(patternFile(1000), { endpoint: `${s.base}/upload/o?ifGenerationMatch=0`, uploadType: 'media', retry: fast });
    expect((await rejection(upload.start())).code).toBe('http');
  });
});

describe('a resumable upload', () => {
  /** One chunk, its answer lost after the server finished the object, then the session answers 404 to the status query. */
  function finishedThenGone(extra: Partial<UploadOptions> = {}) {
    const name = `once-${crypto.randomUUID()}.bin`;
    const file = patternFile(20_000, name);
    const upload = new Upload(file, {
      endpoint: endpoint(),
      metadata: { name },
      store: false,
      retry: fast,
      headers: faultsPerRequest([[{ kind: 'lose-response' }, { kind: 'expire', match: 'query' }]]),
      ...extra,
    });
    return { name, file, upload };
  }

  it('whose session is gone after its last bytes lost their answer fails with outcome-unknown: one object, no new session', async () => {
    const { name, file, upload } = finishedThenGone();
    const error = await rejection(upload.start());
    expect(error.code).toBe('outcome-unknown');
    expect(error.status).toBe(404);
    expect(await objectsNamed(name)).toHaveLength(1);
    // start() again is the app's choice to send it again: a new session.
    await expectStored(await upload.start(), file);
    expect(await objectsNamed(name)).toHaveLength(2);
  });

  it('that is idempotent starts a new session there instead', async () => {
    const { file, upload } = finishedThenGone({ idempotent: true });
    await expectStored(await upload.start(), file);
  });
});

describe("a small file that a POST creates, 'auto'", () => {
  // Over keep-alive connections a browser may resend a request itself when the connection closes
  // before the answer: a session's start or chunk sent twice makes no second object.
  it.each([
    ['the answer to its bytes', [{ kind: 'lose-response' }]],
    ["the session start's answer", [{ kind: 'lose-response', match: 'start' }]],
  ])('arrives exactly once when %s is lost, over keep-alive connections', async (_, faults) => {
    const name = `once-${crypto.randomUUID()}.bin`;
    const file = patternFile(20_000, name);
    const upload = new Upload(file, {
      endpoint: endpoint(undefined, keepAliveServerUrl),
      uploadType: 'auto',
      metadata: { name },
      store: false,
      retry: fast,
      headers: faultsPerRequest([faults]),
    });
    expect(upload.uploadType).toBe('resumable');
    await expectStored(await upload.start(), file, keepAliveServerUrl);
    expect(await objectsNamed(name, keepAliveServerUrl)).toHaveLength(1);
  });
});

describe('a small file at the defaults (resumable, store on, no record for a file of one request)', () => {
  const lost = [
    ['the answer to its bytes', [{ kind: 'lose-response' }]],
    ["the session start's answer", [{ kind: 'lose-response', match: 'start' }]],
  ] as const;

  it.each(lost)('arrives exactly once when %s is lost, over keep-alive connections', async (_, faults) => {
    const name = `once-${crypto.randomUUID()}.bin`;
    const file = patternFile(1024, name);
    const upload = new Upload(file, { endpoint: endpoint(undefined, keepAliveServerUrl), metadata: { name }, retry: fast, headers: faultsPerRequest([[...faults]]) });
    await expectStored(await upload.start(), file, keepAliveServerUrl);
    expect(await objectsNamed(name, keepAliveServerUrl)).toHaveLength(1);
  });

  it('whose session is gone after its answer was lost fails with outcome-unknown: one object', async () => {
    const name = `once-${crypto.randomUUID()}.bin`;
    const upload = new Upload(patternFile(1024, name), {
      endpoint: endpoint(),
      metadata: { name },
      retry: fast,
      headers: faultsPerRequest([[{ kind: 'lose-response' }, { kind: 'expire', match: 'query' }]]),
    });
    expect((await rejection(upload.start())).code).toBe('outcome-unknown');
    expect(await objectsNamed(name)).toHaveLength(1);
  });

  it('that failed after its answer was lost is kept: the next page asks its session, no second object', async () => {
    const name = `once-${crypto.randomUUID()}.bin`;
    const file = patternFile(1024, name);
    const url = endpoint();
    const first = new Upload(file, { endpoint: url, metadata: { name }, retry: { retries: 0 }, headers: faultsPerRequest([[{ kind: 'lose-response' }]]) });
    expect((await rejection(first.start())).code).toBe('network');
    expect(await objectsNamed(name)).toHaveLength(1);
    // A new Upload of the same file, as after a reload: it finds the record and asks that session.
    const next = new Upload(file, { endpoint: url, metadata: { name }, retry: fast });
    const result = await next.start();
    expect(result.sessionUri).toBe(first.sessionUri);
    await expectStored(result, file);
    expect(await objectsNamed(name)).toHaveLength(1);
  });

  it.each(lost)('through the element at its defaults, arrives exactly once when %s is lost', async (_, faults) => {
    const name = `once-${crypto.randomUUID()}.bin`;
    const file = patternFile(1024, name);
    const element = await mount({}, (el) => (el.headers = faultsPerRequest([[...faults]])));
    const [item] = element.addFiles([file]);
    await reachStatus(element, item!, 'done');
    await expectStored(item!.result!, file);
    expect(await objectsNamed(name)).toHaveLength(1);
  });
});
