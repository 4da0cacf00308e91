// The camera's media: the stream, a photo from it, a recording of it. No DOM of the element here.

/** Why the live camera is not shown: the browser lacks it (or the page is not secure), it was refused, there is none, or it would not start. */
export type CameraProblem = 'unsupported' | 'denied' | 'missing' | 'failed';

/** Can this page ask for the camera? Not without `getUserMedia` (an old browser, or a page not served over HTTPS). */
export const canStream = (): boolean => typeof navigator.mediaDevices?.getUserMedia === 'function';

/** The problem a refused `getUserMedia` names. */
export function problemOf(error: unknown): CameraProblem {
  const name = (error as { name?: string } | undefined)?.name;
  if (name === 'NotAllowedError' || name === 'SecurityError') return 'denied';
  return name === 'NotFoundError' || name === 'OverconstrainedError' ? 'missing' : 'failed';
}

/**
 * The camera's stream: the device asked for, else the side `capture` names (`'user'`, `'environment'`),
 * with the microphone when a video may be recorded. A device with no microphone films without sound.
 */
export async function openStream(options: { deviceId?: string; capture?: string; audio: boolean }): Promise<MediaStream> {
  const { deviceId, capture, audio } = options;
  const facing = capture === 'user' || capture === 'environment' ? { facingMode: capture } : {};
  const video: MediaTrackConstraints = deviceId ? { deviceId: { exact: deviceId } } : facing;
  try {
    return await navigator.mediaDevices.getUserMedia({ video, audio });
  } catch (error) {
    if (audio && (error as Error).name === 'NotFoundError') return navigator.mediaDevices.getUserMedia({ video });
    throw error;
  }
}

/** Every track stops: the camera and microphone are released and their light goes off. */
export function stopStream(stream: MediaStream | undefined): void {
  stream?.getTracks().forEach((track) => track.stop());
}

/** The cameras of the device, by id; their ids are known once one stream was allowed. */
export async function cameraIds(): Promise<string[]> {
  const devices = await navigator.mediaDevices.enumerateDevices().catch(() => []);
  return devices.filter((device) => device.kind === 'videoinput' && device.deviceId).map((device) => device.deviceId);
}

/** `20261126-180311`: the local time, for a file name that sorts. */
function stamp(at: Date): string {
  const two = (value: number) => String(value).padStart(2, '0');
  return `${at.getFullYear()}${two(at.getMonth() + 1)}${two(at.getDate())}-${two(at.getHours())}${two(at.getMinutes())}${two(at.getSeconds())}`;
}

/** The frame the preview shows, as a JPEG `File` of the stream's size, named with the time. */
export async function takePhoto(preview: HTMLVideoElement, at = new Date()): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = preview.videoWidth;
  canvas.height = preview.videoHeight;
  canvas.getContext('2d')!.drawImage(preview, 0, 0);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.92));
  if (!blob) throw new Error('The photo could not be encoded as JPEG');
  return new File([blob], `photo-${stamp(at)}.jpg`, { type: 'image/jpeg', lastModified: at.getTime() });
}

// WebM where the browser records it (Chromium, Firefox), else MP4 (WebKit records MP4 only).
const RECORDED = ['video/webm;codecs=vp9,opus', 'video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'];

/** The first video type this browser records; undefined where `MediaRecorder` is missing. */
export function recordingType(): string | undefined {
  if (typeof MediaRecorder !== 'function') return undefined;
  return RECORDED.find((type) => MediaRecorder.isTypeSupported(type)) ?? '';
}

/** A recording under way: `stop()` gives its video as a `File` named with the time it started. */
export interface Recording {
  stop(): Promise<File>;
}

export function startRecording(stream: MediaStream, type: string, at = new Date()): Recording {
  const recorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
  const chunks: Blob[] = [];
  recorder.addEventListener('dataavailable', (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  });
  const stopped = new Promise<void>((resolve) => recorder.addEventListener('stop', () => resolve(), { once: true }));
  recorder.start();
  return {
    async stop() {
      if (recorder.state !== 'inactive') recorder.stop();
      await stopped;
      // The plain type, as a picked file has it: `video/webm`, not its codecs.
      const mime = (recorder.mimeType || type || 'video/webm').split(';')[0]!.trim();
      return new File(chunks, `video-${stamp(at)}.${mime === 'video/mp4' ? 'mp4' : 'webm'}`, { type: mime, lastModified: at.getTime() });
    },
  };
}
