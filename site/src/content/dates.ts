// Dates are shown in UK time, built from numeric parts and our own month and weekday names:
// the words Intl produces differ between ICU versions (Node's and the browser's), and a page
// whose server and browser text differ fails to hydrate.

const TIME_ZONE = 'Europe/London';
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

const partsFormat = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  hourCycle: 'h23',
});

/** A moment as a UK wall-clock date and time. */
export interface UkDateTime {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  /** 0 (Sunday) – 6 */
  weekday: number;
  hour: number;
  minute: number;
}

/** An ISO timestamp in UK time, or null when it is not a date. */
export function ukDateTime(iso: unknown): UkDateTime | null {
  if (typeof iso !== 'string') return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const parts: Record<string, number> = {};
  for (const part of partsFormat.formatToParts(date)) {
    if (part.type !== 'literal') parts[part.type] = Number(part.value);
  }
  const { year, month, day, hour, minute } = parts;
  if (year === undefined || month === undefined || day === undefined) return null;
  return {
    year,
    month,
    day,
    weekday: new Date(Date.UTC(year, month - 1, day)).getUTCDay(),
    hour: hour ?? 0,
    minute: minute ?? 0,
  };
}

/**
 * The page's words (`selectPageWords`: on a Welsh page the Welsh month and weekday names,
 * filed under the English ones from the demo's catalogues); none: English.
 */
export type DateWords = Readonly<Record<string, string>> | null | undefined;

const monthName = (month: number, words?: DateWords) => {
  const english = MONTHS[month - 1] as string;
  return words?.[english] ?? english;
};
const dayMonth = (d: UkDateTime, words?: DateWords) => `${d.day} ${monthName(d.month, words)}`;
const sameDay = (a: UkDateTime, b: UkDateTime) => a.year === b.year && a.month === b.month && a.day === b.day;

/** "24 August 2026"; "24 Awst 2026" with Welsh words (the same order in either language). */
export function formatDate(iso: unknown, words?: DateWords): string | null {
  const d = ukDateTime(iso);
  return d ? `${dayMonth(d, words)} ${d.year}` : null;
}

/** "Monday 24 August 2026" */
export function formatLongDate(iso: unknown): string | null {
  const d = ukDateTime(iso);
  return d ? `${WEEKDAYS[d.weekday]} ${dayMonth(d)} ${d.year}` : null;
}

/** "10am", "4:30pm", "12pm" (the UK style for times in running text). */
export function formatTime(d: Pick<UkDateTime, 'hour' | 'minute'>): string {
  const suffix = d.hour < 12 ? 'am' : 'pm';
  const hour = d.hour % 12 === 0 ? 12 : d.hour % 12;
  return d.minute === 0 ? `${hour}${suffix}` : `${hour}:${String(d.minute).padStart(2, '0')}${suffix}`;
}

/**
 * An event's dates in en-GB, "to" between the ends:
 * one day "Friday 9 January 2026, 10am to 4pm"; several days "5 October to 27 November 2026";
 * across a new year "14 December 2026 to 8 January 2027".
 */
export function formatDateRange(from: unknown, to: unknown): string | null {
  const start = ukDateTime(from);
  if (!start) return null;
  const end = ukDateTime(to);
  const startDay = `${WEEKDAYS[start.weekday]} ${dayMonth(start)} ${start.year}`;
  if (!end || sameDay(start, end)) {
    const endTime =
      end && (end.hour !== start.hour || end.minute !== start.minute) ? ` to ${formatTime(end)}` : '';
    return `${startDay}, ${formatTime(start)}${endTime}`;
  }
  return start.year === end.year
    ? `${dayMonth(start)} to ${dayMonth(end)} ${end.year}`
    : `${dayMonth(start)} ${start.year} to ${dayMonth(end)} ${end.year}`;
}

/** A course length: "3 years", "1 year", "18 months". */
export function formatDuration(years: number | null): string | null {
  if (years === null || years <= 0) return null;
  if (Number.isInteger(years)) return `${years} year${years === 1 ? '' : 's'}`;
  const months = Math.round(years * 12);
  return months < 24 ? `${months} months` : `${years} years`;
}
