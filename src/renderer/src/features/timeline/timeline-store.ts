import { create } from 'zustand';
import type { Envelope, TypicalDurationView } from '../../../../shared/contract';
import { studio } from '../../studio/studio-client';
import { noticePermission, noticesEnabled, setNoticesEnabled, type NoticePermission } from './browser-notices';

interface TimelineState {
  /** Batches the person opened or folded; the others follow `openByDefault`. */
  open: Readonly<Record<string, boolean>>;
  /** How long jobs of each variant usually take (estimates), by variant id. */
  durations: Readonly<Record<string, TypicalDurationView>>;
  /** Variants asked about already (with or without an answer), so each is asked once. */
  askedDurations: ReadonlySet<string>;
  /** Web mode's notifications: whether they are on, and what the browser allows. */
  notices: { enabled: boolean; permission: NoticePermission };
  setOpen: (batchId: string, open: boolean) => void;
  /** Asks main how long these variants usually take (those not asked yet). */
  loadDurations: (variantIds: readonly string[]) => Promise<Envelope<TypicalDurationView[]> | null>;
  /** Forgets the durations of these variants (a job of theirs just finished), so the next view asks again. */
  durationsChanged: (variantIds: readonly string[]) => void;
  /** Turns notifications on (the browser asks for permission the first time) or off. */
  setNotices: (on: boolean) => Promise<NoticePermission>;
  /** Reads what the browser allows now (it can change in the site settings between visits). */
  readNotices: () => void;
}

/** The timeline's own state: which batches are open, the usual durations, notifications. */
export const useTimelineStore = create<TimelineState>()((set, get) => ({
  open: {},
  durations: {},
  askedDurations: new Set(),
  notices: { enabled: false, permission: 'default' },
  setOpen: (batchId, open) => set({ open: { ...get().open, [batchId]: open } }),
  loadDurations: async (variantIds) => {
    const wanted = [...new Set(variantIds)].filter((id) => !get().askedDurations.has(id)).slice(0, 100);
    if (wanted.length === 0) return null;
    set({ askedDurations: new Set([...get().askedDurations, ...wanted]) });
    const answer = await studio().call('jobs.list_durations', { variantIds: wanted });
    if (answer.ok) set({ durations: { ...get().durations, ...Object.fromEntries(answer.value.map((d) => [d.variantId, d])) } });
    return answer;
  },
  durationsChanged: (variantIds) => {
    const asked = new Set(get().askedDurations);
    for (const id of variantIds) asked.delete(id);
    set({ askedDurations: asked });
  },
  setNotices: async (on) => {
    const permission = await setNoticesEnabled(on);
    set({ notices: { enabled: noticesEnabled(), permission } });
    return permission;
  },
  readNotices: () => set({ notices: { enabled: noticesEnabled(), permission: noticePermission() } }),
}));
