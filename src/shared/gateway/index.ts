/** Gateway wire format: tolerant zod schemas of every response, normalisers and money units. */
export * from './lenient';
export * from './money';
export * from './account';
export * from './models';
export * from './uploads';
export * from './images';
export * from './tasks';
export * from './text';
export * from './errors';
export * from './error-cases';
export * from './task-record';
export * from './generation-answer';
export * from './stream-events';
