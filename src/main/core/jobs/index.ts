/**
 * The job engine: queue, poller, downloads, recovery, budgets and characters over the library
 * database. `JobEngine` is the entry point; the rest is exported for the studio's wiring and
 * for the CLI.
 */
export { JobEngine, BatchValidationError, type JobEngineOptions, type EngineJobInput } from './engine';
export { type JobDetail, type JobEngineEvent } from './events';
export { pollTimingsFromSettings, type PollTimingOverrides } from './cadence';
export { characterCreationJob } from './characters';
