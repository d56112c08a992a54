import { describe, expect, it } from 'vitest';
import { phaseAt, planSchedule, resultExpired } from './task-clock';
import { officialStatus } from './task-records';

const base = { nowMs: 1_000_000, durationMs: 1000, resultTtlMs: 86_400_000 };

describe('task clock', () => {
  it('walks queued -> in_progress with rising progress -> completed', () => {
    const schedule = planSchedule(base);
    expect(phaseAt(schedule, 1_000_000)).toMatchObject({ status: 'queued', progress: 0 });
    const early = phaseAt(schedule, 1_000_300);
    const late = phaseAt(schedule, 1_000_900);
    expect(early.status).toBe('in_progress');
    expect(late.status).toBe('in_progress');
    expect(early.progress).toBeGreaterThan(0);
    expect(late.progress).toBeGreaterThan(early.progress);
    expect(late.progress).toBeLessThan(100);
    expect(phaseAt(schedule, 1_001_000)).toMatchObject({ status: 'completed', progress: 100, endedAtMs: 1_001_000 });
  });

  it('expires results the TTL after completion, or earlier when a fault says so', () => {
    const regular = planSchedule(base);
    expect(regular.expiresAtMs).toBe(1_001_000 + 86_400_000);
    expect(resultExpired(regular, regular.expiresAtMs - 1)).toBe(false);
    expect(resultExpired(regular, regular.expiresAtMs)).toBe(true);
    expect(planSchedule({ ...base, expiresAfterMs: 5 }).expiresAtMs).toBe(1_001_005);
  });

  it('a failing task fails halfway through its run and keeps its message', () => {
    const schedule = planSchedule({ ...base, failureMessage: 'boom' });
    expect(schedule.endsAtMs).toBe(1_000_600);
    expect(phaseAt(schedule, 1_000_599).status).toBe('in_progress');
    expect(phaseAt(schedule, 1_000_600)).toMatchObject({ status: 'failed', endedAtMs: 1_000_600 });
  });

  it('a zero duration completes at once', () => {
    const schedule = planSchedule({ ...base, durationMs: 0 });
    expect(phaseAt(schedule, base.nowMs).status).toBe('completed');
  });

  it('official vocabulary: NOT_START, SUBMITTED, QUEUED while queued, then IN_PROGRESS, SUCCESS, FAILURE', () => {
    const schedule = planSchedule({ ...base, durationMs: 3000 }); // queued for 600 ms
    const at = (ms: number) => officialStatus(phaseAt(schedule, base.nowMs + ms));
    expect([at(0), at(250), at(500), at(1000), at(3000)]).toEqual(['NOT_START', 'SUBMITTED', 'QUEUED', 'IN_PROGRESS', 'SUCCESS']);
    const failing = planSchedule({ ...base, failureMessage: 'x' });
    expect(officialStatus(phaseAt(failing, base.nowMs + 1000))).toBe('FAILURE');
  });
});
