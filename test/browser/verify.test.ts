import { describe, expect, it } from 'vitest';
import { Upload, UploadError } from '../../src/index.ts';
import { expectStored } from './support/expect-stored.ts';
import { QUANTUM, patternFile } from './support/files.ts';
import { endpoint, faultHeaders } from './support/server.ts';

describe('verify: checksums computed in a Worker, compared with the final response', () => {
  it('passes when the server kept the same bytes', async () => {
    const file = patternFile(3 * QUANTUM + 9);
    const result = await new Upload(file, { endpoint: endpoint(), chunkSize: QUANTUM, verify: true }).start();
    expect(result.verified).toBe(true);
    await expectStored(result, file);
  });

  it('passes for a multipart upload too', async () => {
    const file = patternFile(1000);
    const result = await new Upload(file, { endpoint: endpoint(), uploadType: 'multipart', metadata: { name: 'x' }, verify: true }).start();
    expect(result.verified).toBe(true);
  });

  it("fails with 'integrity' when the stored bytes differ, though the size matches", async () => {
    const file = patternFile(2 * QUANTUM + 1);
    const upload = new Upload(file, {
      endpoint: endpoint(),
      chunkSize: QUANTUM,
      verify: true,
      headers: faultHeaders([{ kind: 'delay', ms: 0 }, { kind: 'corrupt' }]),
    });
    const error = await upload.start().then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(UploadError);
    expect((error as UploadError).code).toBe('integrity');
    expect(upload.state).toBe('error');
  });

  it('without verify, says nothing about checksums', async () => {
    const result = await new Upload(patternFile(10), { endpoint: endpoint() }).start();
    expect(result.verified).toBeUndefined();
  });
});
