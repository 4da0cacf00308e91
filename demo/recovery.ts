import { Upload, clearStoredUploads, isUploadError, listStoredUploads } from '../src/index.ts';

const endpoint = new URL('/upload/demo/v1/files', location.href).href;
const chunkSize = Number(new URLSearchParams(location.search).get('chunkSize') ?? 8 * 1024 * 1024);
const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });
const list = document.querySelector<HTMLUListElement>('#uploads')!;
const stored = document.querySelector<HTMLUListElement>('#stored')!;

async function showStored(): Promise<void> {
  let records;
  try {
    records = await listStoredUploads(endpoint);
  } catch (error) {
    stored.replaceChildren(`The stored uploads could not be read: ${error instanceof Error ? error.message : String(error)}`);
    return;
  }
  stored.replaceChildren(
    ...records.map((record) => {
      const item = document.createElement('li');
      item.dataset.fingerprint = record.fingerprint;
      item.textContent = `${record.name}: ${percent.format(record.size ? record.bytesCommitted / record.size : 0)} — choose it again to resume`;
      return item;
    }),
  );
}

function track(file: File): void {
  const row = document.createElement('li');
  const progress = document.createElement('progress');
  const status = document.createElement('span');
  progress.max = Math.max(1, file.size);
  progress.setAttribute('aria-label', `${file.name} uploaded`);
  row.append(`${file.name} `, progress, status);
  list.append(row);
  // The token is only ever in memory: the stored session must not contain it.
  const upload = new Upload(file, { endpoint, chunkSize, headers: { Authorization: 'Bearer demo-secret-token' } });
  const show = () => {
    row.dataset.state = upload.state;
    row.dataset.committed = String(upload.bytesCommitted);
    if (upload.sessionUri) row.dataset.session = new URL(upload.sessionUri).searchParams.get('upload_id') ?? '';
    progress.value = upload.bytesCommitted;
    status.textContent = ` ${upload.state} · ${percent.format(file.size ? upload.bytesCommitted / file.size : 1)}`;
  };
  upload.addEventListener('progress', show);
  upload.addEventListener('statechange', show);
  upload.start().then(
    (result) => {
      row.dataset.fileId = (result.body as { id?: string }).id ?? '';
      show();
      void showStored();
    },
    (error: unknown) => {
      row.dataset.error = isUploadError(error) ? error.code : 'unknown';
      show();
      status.textContent += ` · ${isUploadError(error) ? error.message : String(error)}`;
    },
  );
}

document.querySelector<HTMLInputElement>('#files')!.addEventListener('change', (event) => {
  const input = event.currentTarget as HTMLInputElement;
  for (const file of input.files ?? []) track(file);
  input.value = '';
});
document.querySelector('#slow')!.addEventListener('click', () =>
  fetch('/__control/faults', { method: 'POST', body: JSON.stringify([{ kind: 'delay', ms: 200, times: 100000 }]) }),
);
document.querySelector('#clear')!.addEventListener('click', async () => {
  await clearStoredUploads();
  await showStored();
});
void showStored();
