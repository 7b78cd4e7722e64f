/**
 * The share target's names (docs/product.md, Shared from another app), apart from the store in
 * shared-files.ts: home reads the parameter on every start, and only an address that carries it
 * loads the store and its IndexedDB library.
 */
export const SHARE_TARGET_PATH = '/share-target';
export const SHARED_PARAM = 'shared';
/** The form field the manifest's share_target names for the files. */
export const SHARED_FILE_FIELD = 'audio';
