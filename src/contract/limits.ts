/** Input limits shared by the API schemas and the web forms (docs/api.md, Limits). */
export const IDEA_CONTENT_MAX_CHARS = 10_000;
export const TRANSCRIPT_MAX_CHARS = 20_000;
export const EMAIL_MAX_CHARS = 254;
export const PASSWORD_MIN_CHARS = 6;
export const PASSWORD_MAX_CHARS = 200;
export const JSON_BODY_MAX_BYTES = 64 * 1024;
export const AUDIO_UPLOAD_MAX_BYTES = 25 * 1024 * 1024;
/** Ids this API issues are far shorter; a longer one can name nothing and is refused. */
export const IDEA_ID_MAX_CHARS = 128;
export const IDEAS_PAGE_DEFAULT = 50;
export const IDEAS_PAGE_MAX = 200;
export const SEARCH_QUERY_MAX_CHARS = 200;
export const GUEST_ID_PATTERN = /^guest_[A-Za-z0-9_-]{8,64}$/;
/** The largest recording kept by default (RECORDING_MAX_BYTES) and how long an unfinished upload is. */
export const RECORDING_MAX_BYTES_DEFAULT = 200 * 1024 * 1024;
export const UPLOAD_EXPIRY_HOURS_DEFAULT = 24;
