/**
 * A smoothed upload speed: an exponentially weighted average of the rate between progress reports,
 * weighted by how long each interval lasted, so one fast chunk does not make the estimate jump.
 */
export class SpeedMeter {
  readonly #windowMs: number;
  #bytes = 0;
  #at: number | undefined;
  #speed: number | undefined;

  /** `windowMs`: roughly how far back the average looks. */
  constructor(windowMs = 4000) {
    this.#windowMs = windowMs;
  }

  /** Measures from here (a start, a resume, after a retry) so waiting time does not count as slowness. */
  anchor(bytes: number, now: number): void {
    this.#bytes = bytes;
    this.#at = now;
  }

  sample(bytes: number, now: number): void {
    if (this.#at === undefined) return this.anchor(bytes, now);
    const elapsed = now - this.#at;
    if (elapsed <= 0) return;
    const rate = ((bytes - this.#bytes) * 1000) / elapsed;
    const weight = 1 - Math.exp(-elapsed / this.#windowMs);
    this.#speed = this.#speed === undefined ? rate : this.#speed + weight * (rate - this.#speed);
    this.anchor(bytes, now);
  }

  /** Bytes per second, once there was something to measure. */
  get bytesPerSecond(): number | undefined {
    return this.#speed;
  }

  /** Seconds until `remaining` more bytes are sent at the current speed. */
  secondsFor(remaining: number): number | undefined {
    return this.#speed ? remaining / this.#speed : undefined;
  }
}
