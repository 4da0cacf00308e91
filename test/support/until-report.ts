// A test that timed out in `until` says what it was waiting for, and the wait stops polling.
import { afterEach } from 'vitest';
import { abandonWaits } from './until.ts';

afterEach(({ task }) => {
  const waits = abandonWaits();
  const error = task.result?.errors?.[0];
  if (error && waits.length > 0) error.message += `\nStill waiting ${waits.join('; ')}`;
});
