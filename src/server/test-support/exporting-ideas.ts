import type { Idea } from '#contract/api-schemas.js';
import type { IdeasRepository } from '../modules/ideas/repository.js';

/**
 * An ideas repository that serves only what an export reads: a count of `total` and the
 * batches given (or where they fail). Every other call rejects, so a test notices if the export
 * begins to need it.
 */
export function exportingRepository(
  batches: () => AsyncGenerator<Idea[], void, undefined>,
  total: number,
): IdeasRepository {
  const unused = () => Promise.reject(new Error('not used by export'));
  return {
    list: () => Promise.resolve({ items: [], total, totalCapped: false, nextCursor: null }),
    exportBatches: batches,
    findById: unused,
    createWithinQuota: unused,
    update: unused,
    delete: unused,
    deleteReturningRecording: unused,
    deleteAll: unused,
    adoptGuestIdeas: unused,
  };
}

/** Exporting never checks the quota. */
export const usageUnusedByExport = {
  quotaFor: (): never => {
    throw new Error('not used by export');
  },
};
