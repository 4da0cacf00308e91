// A page that reaches the reference server as http://localhost:… (as a dev server on localhost
// does) resumes its session after a reload: the server names the session on the origin the page
// asked for, and the engine resumes a stored session only on its endpoint's origin. Answered on
// 127.0.0.1, the stored record was dropped as another origin's and every new Upload started over.
import { beforeEach, expect, it } from 'vitest';
import { Upload, clearStoredUploads, listStoredUploads } from '../../src/index.ts';
import { expectStored } from './support/expect-stored.ts';
import { QUANTUM, patternFile } from './support/files.ts';
import { endpoint, faultHeaders, serverUrl, sessionLog } from './support/server.ts';
import { fast, rejection } from './support/upload-helpers.ts';

beforeEach(() => clearStoredUploads());

it('a new Upload of the same file through localhost goes on with the session it stored', async () => {
  const server = serverUrl.replace('127.0.0.1', 'localhost');
  const url = endpoint(undefined, server);
  const file = patternFile(3 * QUANTUM + 5, 'localhost.bin');
  const options = { endpoint: url, chunkSize: QUANTUM, retry: fast, metadata: { name: file.name } };
  // Stops after its first chunk (the second is refused), its session stored, as a reload would leave it.
  const first = new Upload(file, { ...options, headers: faultHeaders([{ kind: 'delay', ms: 0 }, { kind: 'status', status: 400 }]) });
  expect((await rejection(first.start())).code).toBe('http');
  expect(new URL(first.sessionUri!).origin).toBe(new URL(server).origin);

  const result = await new Upload(file, options).start();
  expect(result.sessionUri).toBe(first.sessionUri);
  await expectStored(result, file, server);
  const log = await sessionLog(result.sessionUri!);
  expect(log.requests.filter((request) => request.kind === 'start')).toHaveLength(1);
  expect(log.committed).toBe(file.size);
  expect(await listStoredUploads(url)).toEqual([]);
});
