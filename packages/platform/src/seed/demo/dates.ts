/**
 * The demo's "today". Every date in the demo is placed relative to it so the content looks
 * current (recent news, upcoming events) without reading the clock.
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
