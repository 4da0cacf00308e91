import { rm } from 'node:fs/promises';
import type { StoredObject } from './stored-objects.ts';

/**
 * Finished uploads by id (a resumable upload's id is its upload_id), the newest `max` of them:
 * storing one more deletes the oldest, its bytes included, so a long-running server stays bounded.
 */
export class ObjectStore {
  readonly #objects = new Map<string, StoredObject>();

  constructor(
    readonly max: number,
    /** Told the id of each object deleted to make room (its session goes too). */
    private readonly onEvict: (id: string) => void,
  ) {}

  get(id: string): StoredObject | undefined {
    return this.#objects.get(id);
  }

  /** The objects kept, oldest first. */
  values(): IterableIterator<StoredObject> {
    return this.#objects.values();
  }

  async set(id: string, object: StoredObject): Promise<void> {
    this.#objects.delete(id);
    this.#objects.set(id, object);
    for (const [oldest, { path }] of this.#objects) {
      if (this.#objects.size <= this.max) break;
      this.#objects.delete(oldest);
      this.onEvict(oldest);
      await rm(path, { force: true });
    }
  }
}
