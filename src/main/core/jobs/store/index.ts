// The job engine's tables in the library database: jobs, batches, tasks, the queue's state and
// batch keys, and the reads the timeline and account page page through.
export * from './batches';
export * from './batch-source';
export * from './engine-state';
export * from './jobs';
export * from './job-row';
export * from './job-costs';
export * from './job-listing';
export * from './tasks';
