import { describe, expect, it } from 'vitest';
import { resolveDateOperand } from '../../../packages/platform/src/search/dates.js';
import { EVENT_PERIODS, LISTING_PERIODS, NOT_PAST_EVENTS } from './events.js';

/** An event's dates as the index holds them. */
interface Dates {
  from: string;
  to: string;
}

type Clause = { field: string } & Record<string, unknown>;

/** Whether an event matches a period's where clause, its date functions resolved at `now` as the platform does. */
function matches(where: readonly unknown[], dates: Dates, now: number): boolean {
  return where.every((expression) => {
    const clause = expression as Clause;
    const value = Date.parse(clause.field === 'eventDates.from' ? dates.from : dates.to);
    const [operator, operand] = Object.entries(clause).find(([key]) => key !== 'field') as [string, string];
    const bound = resolveDateOperand(operand, now) as number;
    if (operator === 'greaterThanOrEqualTo') return value >= bound;
    if (operator === 'lessThan') return value < bound;
    if (operator === 'lessThanOrEqualTo') return value <= bound;
    throw new Error(`unexpected operator ${operator}`);
  });
}

/** The keys of the periods an event falls in on a given day. */
function periodsOf(dates: Dates, now: number): string[] {
  return EVENT_PERIODS.filter((period) => matches(period.where ?? [], dates, now)).map(
    (period) => period.key,
  );
}

const NOW = Date.parse('2026-09-10T12:00:00Z');

describe('EVENT_PERIODS', () => {
  it('places events in periods relative to the day they are searched', () => {
    const on = (from: string, to = from) => periodsOf({ from, to }, NOW);
    expect(on('2026-09-20T10:00:00Z')).toEqual(['upcoming', 'this-month', 'next-three-months']);
    // The last minute of the month is this month; the next month is not.
    expect(on('2026-09-30T23:30:00Z')).toEqual(['upcoming', 'this-month', 'next-three-months']);
    expect(on('2026-10-01T00:00:00Z')).toEqual(['upcoming', 'next-three-months']);
    // Three months on from now is later.
    expect(on('2026-12-10T11:00:00Z')).toEqual(['upcoming', 'next-three-months']);
    expect(on('2026-12-10T12:00:00Z')).toEqual(['upcoming', 'later']);
    // An exhibition that began last month and runs on is still to come, this month.
    expect(on('2026-08-01T10:00:00Z', '2026-10-01T17:00:00Z')).toEqual([
      'upcoming',
      'this-month',
      'next-three-months',
    ]);
    // An event over this morning is past.
    expect(on('2026-09-10T09:00:00Z', '2026-09-10T11:00:00Z')).toEqual(['past']);
  });

  it('moves with the day: the same event is later, then this month, then past', () => {
    const event = { from: '2027-01-15T10:00:00Z', to: '2027-01-15T16:00:00Z' };
    expect(periodsOf(event, NOW)).toEqual(['upcoming', 'later']);
    expect(periodsOf(event, Date.parse('2027-01-02T08:00:00Z'))).toEqual([
      'upcoming',
      'this-month',
      'next-three-months',
    ]);
    expect(periodsOf(event, Date.parse('2027-01-16T08:00:00Z'))).toEqual(['past']);
  });

  it('gives the listing upcoming and past only, and Everything no past event', () => {
    expect(LISTING_PERIODS.map((period) => period.key)).toEqual(['upcoming', 'past']);
    expect(NOT_PAST_EVENTS).toEqual({
      or: [{ not: { field: 'sys.contentTypeId', equalTo: 'event' } }, EVENT_PERIODS[0]?.where?.[0]],
    });
  });
});
