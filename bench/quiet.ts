/**
 * Imported first by `run.ts`: the app's logger reads ATELIER_LOG once, when it is first loaded,
 * so it must be set before any app module is. A value the user set wins.
 */
process.env.ATELIER_LOG ??= 'silent';
