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
 * The page's word for an English one: `useText()`'s `text` (on a Welsh page the Welsh month
 * and weekday names and the words of times and ranges, from the demo's catalogues); none:
 * English.
 */
export type DateWords = ((english: string) => string) | undefined;

/**
 * A date, time or range this module wrote, in the page's words: word by word, as Welsh keeps
 * the English order of the parts ("Friday 9 January 2026, 10am to 4pm" is "Dydd Gwener 9
 * Ionawr 2026, 10yb tan 4yh"). Cards translate the dates they were given this way.
 */
export function inWords(english: string, say?: DateWords): string {
  return say ? english.replace(/[a-z]+/gi, (word) => say(word)) : english;
}

const dayMonth = (d: UkDateTime) => `${d.day} ${MONTHS[d.month - 1]}`;
const longDate = (d: UkDateTime) => `${WEEKDAYS[d.weekday]} ${dayMonth(d)} ${d.year}`;
const sameDay = (a: UkDateTime, b: UkDateTime) => a.year === b.year && a.month === b.month && a.day === b.day;

/** "24 August 2026"; "24 Awst 2026" with Welsh words. */
export function formatDate(iso: unknown, say?: DateWords): string | null {
  const d = ukDateTime(iso);
  return d ? inWords(`${dayMonth(d)} ${d.year}`, say) : null;
}

/** "Monday 24 August 2026"; "Dydd Llun 24 Awst 2026" with Welsh words. */
export function formatLongDate(iso: unknown, say?: DateWords): string | null {
  const d = ukDateTime(iso);
  return d ? inWords(longDate(d), say) : null;
}

/** "10am", "4:30pm", "12pm" (the UK style for times in running text); "10yb", "4:30yh" in Welsh. */
export function formatTime(d: Pick<UkDateTime, 'hour' | 'minute'>, say?: DateWords): string {
  const suffix = d.hour < 12 ? 'am' : 'pm';
  const hour = d.hour % 12 === 0 ? 12 : d.hour % 12;
  return inWords(
    d.minute === 0 ? `${hour}${suffix}` : `${hour}:${String(d.minute).padStart(2, '0')}${suffix}`,
    say,
  );
}

/**
 * An event's dates, "to" between the ends:
 * one day "Friday 9 January 2026, 10am to 4pm"; several days "5 October to 27 November 2026";
 * across a new year "14 December 2026 to 8 January 2027". With Welsh words "Dydd Gwener 9
 * Ionawr 2026, 10yb tan 4yh".
 */
export function formatDateRange(from: unknown, to: unknown, say?: DateWords): string | null {
  const start = ukDateTime(from);
  if (!start) return null;
  const end = ukDateTime(to);
  let english: string;
  if (!end || sameDay(start, end)) {
    const endTime =
      end && (end.hour !== start.hour || end.minute !== start.minute) ? ` to ${formatTime(end)}` : '';
    english = `${longDate(start)}, ${formatTime(start)}${endTime}`;
  } else {
    english =
      start.year === end.year
        ? `${dayMonth(start)} to ${dayMonth(end)} ${end.year}`
        : `${dayMonth(start)} ${start.year} to ${dayMonth(end)} ${end.year}`;
  }
  return inWords(english, say);
}

/**
 * A course length: "3 years", "1 year", "18 months"; in the page's words when they have it
 * ("3 blynedd": the catalogues hold each length the demo has whole, as a Welsh numeral
 * changes the noun after it).
 */
export function formatDuration(years: number | null, say?: DateWords): string | null {
  if (years === null || years <= 0) return null;
  const months = Math.round(years * 12);
  const english = Number.isInteger(years)
    ? `${years} year${years === 1 ? '' : 's'}`
    : months < 24
      ? `${months} months`
      : `${years} years`;
  return say ? say(english) : english;
}
