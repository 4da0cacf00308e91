import type { ItemStatus } from '../../../../src/element.ts';

/** The statuses that hold one of the `concurrency` places. */
export const ACTIVE_STATUSES: readonly ItemStatus[] = ['starting', 'uploading', 'retrying', 'offline'];
