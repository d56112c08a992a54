import type { EventBus } from '../events/event-bus';
import { balanceView } from '../gateway/routes/account-routes';
import { toAssetView } from '../library/library-service';
import type { JobEngine } from './engine';
import { queueView, toBatchView, toCharacterView, toJobView } from './routes';

/** Forwards the engine's events to the studio contract's events, in the contract's shapes. */
export function forwardEngineEvents(engine: JobEngine, bus: EventBus, demoMode: () => boolean): () => void {
  // The Timeline badge counts jobs in progress; a changed count goes out with the queue's state.
  let activeJobs = engine.queries.activeJobCount;
  return engine.onChange((event) => {
    switch (event.type) {
      case 'jobs.changed': {
        bus.emit('jobs.changed', event.jobs.map(toJobView));
        const now = engine.queries.activeJobCount;
        if (now !== activeJobs) {
          activeJobs = now;
          bus.emit('jobs.queue_changed', queueView(engine));
        }
        return;
      }
      case 'batch.changed': {
        const batch = engine.queries.batch(event.batchId);
        if (batch) bus.emit('jobs.batch_changed', toBatchView(batch));
        return;
      }
      case 'batch.added': {
        const batch = engine.queries.batch(event.batchId);
        if (batch) bus.emit('jobs.batch_added', toBatchView(batch));
        return;
      }
      case 'job.added': {
        const job = engine.queries.job(event.jobId);
        if (job) bus.emit('jobs.job_added', toJobView(job));
        return;
      }
      case 'queue.changed':
        activeJobs = engine.queries.activeJobCount;
        bus.emit('jobs.queue_changed', queueView(engine));
        return;
      case 'library.added':
        bus.emit('library.added', toAssetView(event.asset));
        return;
      case 'characters.changed':
        bus.emit(
          'characters.changed',
          event.characters.map((character) => toCharacterView(character, engine.characters.posterOf(character))),
        );
        return;
      case 'balance':
        // A dedicated batch key's balance is not the account's; only the profile's own key updates the view.
        if (!event.dedicatedKey) {
          bus.emit('account.balance', {
            token: balanceView(event.balance),
            user: null,
            userError: null,
            demoMode: demoMode(),
          });
        }
        return;
    }
  });
}
