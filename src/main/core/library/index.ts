// The library database (one SQLite file, its migrations) and the asset library's tables and files.
// The job engine's own tables live with the engine (`jobs/store/`).
export { LibraryDatabase, type LibraryDatabaseOptions } from './library-database';
export { SchemaTooNewError } from './migrations/migrate';
export { parseJsonColumn, parseJsonValueColumn } from './json-column';
export { csvToKeep, templateCsvOf, type TemplateCsv } from './template-csv';
export { redactRequest, type JsonValue } from './redact';
export { buildMatchQuery } from './search-text';
export * from './assets';
export * from './asset-query';
export * from './asset-listing';
export * from './characters';
export * from './character-names';
export { tokenIdSchema } from './legacy-engine-state';
export * from './created-keys';
export * from './upload-cache';
export * from './library-files';
export * from './media-file';
export * from './sidecars';
export * from './rebuild';
export * from './prompt-history';
