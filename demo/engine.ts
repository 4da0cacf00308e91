import { Upload, isUploadError, type UploadOptions } from '../src/index.ts';

const form = document.querySelector<HTMLFormElement>('#options')!;
const input = document.querySelector<HTMLInputElement>('#files')!;
const list = document.querySelector<HTMLUListElement>('#uploads')!;
const endpoint = '/upload/demo/v1/files';
const bytes = new Intl.NumberFormat(undefined, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat(undefined, { style: 'percent', maximumFractionDigits: 1 });

input.addEventListener('change', async () => {
  const settings = new FormData(form);
  const faults = String(settings.get('faults') ?? '');
  // The reference server applies these to the next session it starts.
  await fetch('/__control/faults', faults ? { method: 'POST', body: faults } : { method: 'DELETE' });
  for (const file of input.files ?? []) {
    addRow(file, {
      endpoint,
      uploadType: settings.get('uploadType') as UploadOptions['uploadType'],
      chunkSize: Number(settings.get('chunkSize')),
      retry: { retries: 5, baseDelayMs: 250, maxDelayMs: 5000 },
      ...(settings.get('uploadType') === 'media' ? {} : { metadata: { name: file.name } }),
    });
  }
  input.value = '';
});

function addRow(file: File, options: UploadOptions): void {
  const row = document.createElement('li');
  const name = document.createElement('strong');
  const status = document.createElement('span');
  const progress = document.createElement('progress');
  const buttons = document.createElement('span');
  name.textContent = `${file.name} (${bytes.format(file.size / 1e6)})`;
  status.className = 'status';
  progress.max = Math.max(file.size, 1);
  progress.value = 0;
  progress.setAttribute('aria-label', `${file.name} uploaded`);
  row.append(name, buttons, progress, status);
  list.append(row);

  const upload = new Upload(file, options);
  const button = (label: string, action: () => void) => {
    const element = document.createElement('button');
    element.type = 'button';
    element.textContent = label;
    element.addEventListener('click', action);
    buttons.append(element);
  };
  button('Pause', () => upload.pause());
  button('Resume', () => upload.resume());
  button('Cancel', () => upload.abort());

  const show = (text: string) => {
    status.dataset.state = upload.state;
    row.dataset.state = upload.state;
    status.textContent = text;
  };
  upload.addEventListener('progress', ({ detail }) => {
    progress.value = detail.bytesCommitted;
    show(`${upload.state} · ${percent.format(detail.bytesTotal ? detail.bytesCommitted / detail.bytesTotal : 1)}`);
  });
  upload.addEventListener('statechange', ({ detail }) => {
    const retry = detail.retryInMs === undefined ? '' : ` in ${Math.ceil(detail.retryInMs / 1000)} s`;
    show(`${detail.state}${retry} · ${percent.format(file.size ? upload.bytesCommitted / file.size : 0)}`);
  });
  upload.start().then(
    (result) => {
      const id = (result.body as { id?: string }).id ?? '';
      row.dataset.fileId = id;
      show(`done · ${result.status} · stored as ${id}`);
    },
    (error: unknown) => show(isUploadError(error) ? `${error.code}: ${error.message}` : String(error)),
  );
}
