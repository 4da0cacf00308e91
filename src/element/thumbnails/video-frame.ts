/** A video that shows no frame within this time (a stalled or slow decoder) keeps the file-type icon. */
const TIMEOUT_MS = 5000;

/** How far in the picture is taken, at most: the very first frame is often black (a fade in). */
const SEEK_SECONDS = 1;

/** A seek into the video not over by then is given up for the first frame (see frameShown). */
const SEEK_PATIENCE_MS = 1000;

/** One video at a time: each holds a decoder, and a folder of clips must not start them all at once. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * A frame from near the start of a video file, `height` pixels high, or undefined when the browser
 * cannot play it (a codec it lacks, a file that is no video), it shows no frame within `timeoutMs`,
 * or it has no picture (sound only). The file plays in a detached, muted `<video>` from an object
 * URL that is revoked, and the video released, whatever happens.
 */
export function videoFrame(file: File, height: number, timeoutMs = TIMEOUT_MS): Promise<ImageBitmap | undefined> {
  const frame = queue.then(() => firstFrame(file, height, timeoutMs));
  queue = frame.catch(() => undefined);
  return frame;
}

async function firstFrame(file: File, height: number, timeoutMs: number): Promise<ImageBitmap | undefined> {
  const video = document.createElement('video');
  // '' is a firm no: nothing is loaded.
  if (!video.canPlayType(file.type)) return undefined;
  video.muted = true;
  video.preload = 'metadata';
  const url = URL.createObjectURL(file);
  const done = new AbortController();
  try {
    await Promise.race([frameShown(video, url, done.signal), timeout(timeoutMs, done.signal)]);
    const { videoWidth, videoHeight } = video;
    if (!videoWidth || !videoHeight) return undefined;
    const resizeWidth = Math.max(1, Math.round((videoWidth * height) / videoHeight));
    return await createImageBitmap(video, { resizeWidth, resizeHeight: height, resizeQuality: 'medium' });
  } catch {
    return undefined; // the file-type icon stays
  } finally {
    done.abort();
    video.removeAttribute('src');
    video.load(); // lets the browser drop the decoder and the file now, not at garbage collection
    URL.revokeObjectURL(url);
  }
}

/** Loads the video from `url` and settles once a frame can be drawn (rejects on a media error). */
function frameShown(video: HTMLVideoElement, url: string, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const listen = (type: string, listener: () => void) => video.addEventListener(type, listener, { signal });
    // A frame can be drawn once the seek is over, the position's data decoded and, where the browser
    // says so (`requestVideoFrameCallback`), a frame presented: Chromium fires `seeked` before it has
    // one to draw ("the image source is not usable"). The frame may come before `seeked` or after.
    let presented = !('requestVideoFrameCallback' in video);
    const check = () => presented && !video.seeking && video.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA && resolve();
    listen('error', () => reject(video.error));
    // A little in, when the length is known (recorded WebM often lacks it); a seek, even to 0,
    // also makes the browser decode a frame that `preload="metadata"` alone may not.
    listen('loadedmetadata', () => {
      const at = Number.isFinite(video.duration) ? Math.min(SEEK_SECONDS, video.duration / 4) : 0;
      video.currentTime = at;
      // WebKit may never end a seek into a WebM without cues (as MediaRecorder writes them): then the first frame.
      if (at > 0) {
        const timer = setTimeout(() => video.seeking && (video.currentTime = 0), SEEK_PATIENCE_MS);
        signal.addEventListener('abort', () => clearTimeout(timer));
      }
    });
    for (const type of ['loadeddata', 'seeked', 'canplay']) listen(type, check);
    video.requestVideoFrameCallback?.(() => {
      presented = true;
      check();
    });
    video.src = url; // last: every listener is in place before loading starts
  });
}

/** Rejects after `ms` unless `signal` aborts first; why does not matter, the icon stays. */
function timeout(ms: number, signal: AbortSignal): Promise<never> {
  return new Promise((_, reject) => {
    const timer = setTimeout(reject, ms);
    signal.addEventListener('abort', () => clearTimeout(timer));
  });
}
