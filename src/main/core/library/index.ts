// The library store: SQLite persistence of the job engine and the asset library.
export { LibraryDatabase, type LibraryDatabaseOptions } from './library-database';
export { SchemaTooNewError } from './migrations/migrate';
export { CorruptRowError } from './json-column';
export { redactRequest, isSecretField, type JsonValue } from './redact';
export { buildMatchQuery, searchTextOf } from './search-text';
export { jobStates, jobTransitions, terminalJobStates, canTransition, isTerminal, type JobState } from './job-states';
export * from './batches';
export * from './jobs';
export * from './tasks';
export * from './assets';
export * from './asset-query';
export * from './asset-listing';
export * from './characters';
export * from './upload-cache';
export * from './library-files';
export * from './sidecars';
export * from './rebuild';
export { normalizeTag, normalizeTags, MAX_TAG_LENGTH } from './tags';
