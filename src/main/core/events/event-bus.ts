import { events, type EventName, type EventPayload } from '../../../shared/contract';

/** One event as listeners receive it: its name and the payload the contract declares for that name. */
type StudioEventArgs = { [E in EventName]: [name: E, payload: EventPayload<E>] }[EventName];

/** Hears every event; checking `name` narrows `payload` to that event's type. */
export type EventListener = (...event: StudioEventArgs) => void;

/** Main's one outlet for events; each transport subscribes once and forwards to its renderers. */
export class EventBus {
  private readonly listeners = new Set<EventListener>();

  emit<E extends EventName>(name: E, payload: EventPayload<E>): void {
    // Validate on the way out so a renderer never receives a shape the contract does not declare.
    const checked = events[name].payload.parse(payload);
    // The schema is the one `events[name]` declares, so its output is `EventPayload<E>`.
    const event = [name, checked] as StudioEventArgs;
    for (const listener of this.listeners) listener(...event);
  }

  /** Hears every event (transports forwarding them all). */
  subscribe(listener: EventListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Hears one event, its payload typed by the contract. */
  on<E extends EventName>(name: E, listener: (payload: EventPayload<E>) => void): () => void {
    return this.subscribe((...event) => {
      if (event[0] === name) listener(event[1] as EventPayload<E>);
    });
  }
}
