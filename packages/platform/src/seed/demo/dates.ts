/**
 * The day the demo's history is written around: news, staff profiles and pages were created
 * before it. The calendar (events, course start dates) is placed around the day the demo is
 * seeded instead ({@link demoToday}), so its upcoming events stay upcoming.
 */
export const REFERENCE_DATE = '2026-09-01T00:00:00Z';

const DAY_MS = 86_400_000;

/** ISO timestamp (seconds precision, `Z`) `days` days after `from`, at the given UTC time. */
export function addDays(from: string, days: number, hour = 9, minute = 0): string {
  const base = new Date(from);
  const date = new Date(
    Date.UTC(base.getUTCFullYear(), base.getUTCMonth(), base.getUTCDate() + days, hour, minute),
  );
  return isoSeconds(date);
}

/**
 * The demo's "today": midnight UTC of the given day (an ISO date or date-time), or of the
 * current day when none is given.
 *
 * @example
 * demoToday('2027-03-15'); // '2027-03-15T00:00:00Z'
 */
export function demoToday(day?: string | Date): string {
  const date = day === undefined ? new Date() : new Date(day);
  if (Number.isNaN(date.getTime())) throw new Error(`Not a date: ${String(day)}`);
  return `${date.toISOString().slice(0, 10)}T00:00:00Z`;
}

/**
 * The first `month`/`day` (UTC, at `hour`:00) strictly after `from`: the next time a yearly
 * date comes round, such as the next September intake.
 *
 * @example
 * nextAnniversary('2026-11-26T00:00:00Z', 9, 21); // '2027-09-21T09:00:00Z'
 */
export function nextAnniversary(from: string, month: number, day: number, hour = 9): string {
  const base = new Date(from);
  let year = base.getUTCFullYear();
  let candidate = new Date(Date.UTC(year, month - 1, day, hour));
  if (candidate.getTime() <= base.getTime()) {
    year += 1;
    candidate = new Date(Date.UTC(year, month - 1, day, hour));
  }
  return isoSeconds(candidate);
}

/** ISO timestamp `hours` hours after `from`. */
export function addHours(from: string, hours: number): string {
  return isoSeconds(new Date(new Date(from).getTime() + hours * 3_600_000));
}

/** Whole days from `a` to `b` (negative when `b` is earlier). */
export function daysBetween(a: string, b: string): number {
  return Math.round((new Date(b).getTime() - new Date(a).getTime()) / DAY_MS);
}

/** The earlier of two ISO timestamps. */
export function earlier(a: string, b: string): string {
  return a < b ? a : b;
}

function isoSeconds(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}
