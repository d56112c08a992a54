/**
 * The job engine: queue, poller, downloads, recovery, budgets and characters over the library
 * database. `JobEngine` is the entry point; the rest is exported for the studio's wiring and
 * for the CLI.
 */
export {
  JobEngine,
  BatchValidationError,
  type JobEngineOptions,
  type ConnectionProvider,
  type EngineJobInput,
  type CreateBatchInput,
  type BatchView,
} from './engine';
export { JobActionError, type CancelReport } from './job-actions';
export { jobView, type JobView, type JobEngineEvent, type JobEngineListener } from './events';
export { pollTimingsFromSettings, POLL_SETTING_BOUNDS, type PollTiming, type PollTimingOverrides } from './cadence';
export { characterCreationJob, asksForCharacter, CHARACTER_VARIANT_ID, CharacterService, type CharacterSource } from './characters';
export { isBudgeted } from './budget';
export { keyLifetimeMs, type DedicatedKeyRequest } from './batch-keys';
export type { LookUpOutcome } from './reconciler';
export type { RecoveryReport } from './recovery';
export type { QueueLimits } from './queue';
export type { RetryLimits } from './outcome';
export type { DownloadLimits } from './downloader';
export type { ReconcilerOptions } from './reconciler';
export type { RateGateOptions } from './rate-gate';
