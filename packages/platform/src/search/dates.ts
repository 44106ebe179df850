/**
 * Date values of the query language (contract §2.5): ISO-8601 strings, the expression
 * functions (`startOfWeek(-1)`) and relative periods (`-1M 1w`). Everything resolves to epoch
 * milliseconds in UTC, which is what the index stores for dates (`search_values.num`).
 */

const DAY = 86_400_000;

// yyyy-MM-dd or yyyy/MM/dd, optional time (T or space) with optional seconds and fraction,
// optional zone. A date-time without a zone is taken as UTC, unlike Date.parse (local time).
const DATE_PATTERN =
  /^(\d{4})[-/](\d{2})[-/](\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

const PERIOD_SEGMENT = /^(\d{1,6})([yMwdhm])$/;

const FUNCTION_PATTERN = /^([A-Za-z]+)\s*\((.*)\)$/s;

type Unit = 'y' | 'M' | 'w' | 'd' | 'h' | 'm';

/** The §2.5 expression functions, lower-cased, with the unit an integer argument counts in. */
const FUNCTIONS: Record<string, { unit: Unit; align?: 'start' | 'end'; span?: 'd' | 'w' | 'M' | 'y' }> = {
  now: { unit: 'd' },
  startofday: { unit: 'd', align: 'start', span: 'd' },
  endofday: { unit: 'd', align: 'end', span: 'd' },
  startofweek: { unit: 'w', align: 'start', span: 'w' },
  endofweek: { unit: 'w', align: 'end', span: 'w' },
  startofmonth: { unit: 'M', align: 'start', span: 'M' },
  endofmonth: { unit: 'M', align: 'end', span: 'M' },
  startofyear: { unit: 'y', align: 'start', span: 'y' },
  endofyear: { unit: 'y', align: 'end', span: 'y' },
};

/** Why a date-like value could not be used; the caller prefixes where it was found. */
export class DateValueError extends Error {}

/**
 * Epoch milliseconds of an ISO-8601-style date string (`2024-03-05`, `2024-03-05T08:00:00Z`,
 * `2024/03/05 08:00`, with or without zone; no zone means UTC). `undefined` when the text is
 * not shaped like a date at all; `null` when it is but names no real instant (`2024-02-30`).
 */
export function parseIsoDate(text: string): number | null | undefined {
  // Cheap pre-check: the indexer calls this for every string it stores.
  if (text.length < 10 || text.length > 40) return undefined;
  const c4 = text.charCodeAt(4);
  if (c4 !== 45 && c4 !== 47) return undefined;
  const match = DATE_PATTERN.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s, fraction, zone] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = h === undefined ? 0 : Number(h);
  const minute = mi === undefined ? 0 : Number(mi);
  const second = s === undefined ? 0 : Number(s);
  const ms = fraction === undefined ? 0 : Math.floor(Number(`0.${fraction}`) * 1000);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month - 1)) return null;
  if (hour > 24 || minute > 59 || second > 60 || (hour === 24 && (minute > 0 || second > 0))) return null;
  let epoch = Date.UTC(year, month - 1, day, hour, minute, second, ms);
  if (zone !== undefined && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offsetHours = Number(digits.slice(0, 2));
    const offsetMinutes = digits.length > 2 ? Number(digits.slice(2)) : 0;
    if (offsetHours > 23 || offsetMinutes > 59) return null;
    epoch -= sign * (offsetHours * 60 + offsetMinutes) * 60_000;
  }
  return epoch;
}

/**
 * Resolves a date operand of a range operator: an ISO date, an expression function
 * (`startOfDay(-1d)`, `now()`, case-insensitive) or a stand-alone relative period (`-1M 1w`,
 * meaning `now(-1M 1w)`). Returns `undefined` when the text is none of these (the caller then
 * treats it as a plain string), and throws {@link DateValueError} when it is clearly meant as a
 * date but is malformed.
 */
export function resolveDateOperand(text: string, now: number): number | undefined {
  const trimmed = text.trim();
  const iso = parseIsoDate(trimmed);
  if (iso === null) throw new DateValueError(`"${text}" is not a valid date`);
  if (iso !== undefined) return iso;
  if (/^\d{4}[-/]\d{1,2}([-/]|$)/.test(trimmed)) throw new DateValueError(`"${text}" is not a valid date`);
  const call = FUNCTION_PATTERN.exec(trimmed);
  if (call) {
    const name = call[1]!;
    const spec = FUNCTIONS[name.toLowerCase()];
    if (!spec) throw new DateValueError(`unknown date function "${name}()"`);
    return applyFunction(spec, call[2]!.trim(), name, now);
  }
  const period = parseRelativePeriod(trimmed);
  if (period) return addPeriod(now, period);
  return undefined;
}

/** A signed list of `<n><unit>` segments, e.g. `-1M 1w` → sign -1, [[1,'M'],[1,'w']]. */
export interface RelativePeriod {
  sign: 1 | -1;
  segments: Array<[number, Unit]>;
}

/** Parses `-5d`, `4w 2d`, `+1y` (units y, M, w, d, h, m; M is months, m minutes); `undefined` if not a period. */
export function parseRelativePeriod(text: string): RelativePeriod | undefined {
  let rest = text.trim();
  let sign: 1 | -1 = 1;
  if (rest.startsWith('-') || rest.startsWith('+')) {
    sign = rest.startsWith('-') ? -1 : 1;
    rest = rest.slice(1).trim();
  }
  if (rest === '') return undefined;
  const segments: Array<[number, Unit]> = [];
  for (const part of rest.split(/\s+/)) {
    const match = PERIOD_SEGMENT.exec(part);
    if (!match) return undefined;
    segments.push([Number(match[1]), match[2] as Unit]);
  }
  return { sign, segments };
}

/** Adds a relative period to an instant; months and years keep the day of month where it exists (Jan 31 + 1M = Feb 28/29). */
export function addPeriod(epoch: number, period: RelativePeriod): number {
  let result = epoch;
  for (const [amount, unit] of period.segments) result = addUnits(result, period.sign * amount, unit);
  return result;
}

function applyFunction(
  spec: (typeof FUNCTIONS)[string],
  argument: string,
  name: string,
  now: number,
): number {
  let base = now;
  if (argument !== '') {
    if (/^[+-]?\d{1,6}$/.test(argument)) {
      base = addUnits(now, Number(argument), spec.unit);
    } else {
      const period = parseRelativePeriod(argument);
      if (!period) {
        throw new DateValueError(
          `bad argument "${argument}" to ${name}(): expected an integer or a relative period such as -1d`,
        );
      }
      base = addPeriod(now, period);
    }
  }
  if (!spec.align || !spec.span) return base;
  const start = startOf(base, spec.span);
  if (spec.align === 'start') return start;
  return addUnits(start, 1, spec.span) - 1;
}

function startOf(epoch: number, span: 'd' | 'w' | 'M' | 'y'): number {
  const date = new Date(epoch);
  const y = date.getUTCFullYear();
  const m = date.getUTCMonth();
  const midnight = Date.UTC(y, m, date.getUTCDate());
  switch (span) {
    case 'd':
      return midnight;
    case 'w':
      // Weeks start on Monday (contract §2.5); getUTCDay() is 0 for Sunday.
      return midnight - ((date.getUTCDay() + 6) % 7) * DAY;
    case 'M':
      return Date.UTC(y, m, 1);
    case 'y':
      return Date.UTC(y, 0, 1);
  }
}

function addUnits(epoch: number, amount: number, unit: Unit): number {
  switch (unit) {
    case 'm':
      return epoch + amount * 60_000;
    case 'h':
      return epoch + amount * 3_600_000;
    case 'd':
      return epoch + amount * DAY;
    case 'w':
      return epoch + amount * 7 * DAY;
    case 'M':
      return addMonths(epoch, amount);
    case 'y':
      return addMonths(epoch, amount * 12);
  }
}

function addMonths(epoch: number, months: number): number {
  const date = new Date(epoch);
  const total = date.getUTCFullYear() * 12 + date.getUTCMonth() + months;
  const year = Math.floor(total / 12);
  const month = total - year * 12;
  const day = Math.min(date.getUTCDate(), daysInMonth(year, month));
  const timeOfDay = epoch - Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  return Date.UTC(year, month, day) + timeOfDay;
}

function daysInMonth(year: number, monthIndex: number): number {
  return new Date(Date.UTC(year, monthIndex + 1, 0)).getUTCDate();
}
