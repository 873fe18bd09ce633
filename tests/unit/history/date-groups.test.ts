import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { groupByDate } from '../../../components/history/date-groups';

// Day boundaries are local midnights; Berlin has a daylight-saving change on 2025-03-30.
let savedTz: string | undefined;
beforeAll(() => {
  savedTz = process.env.TZ;
  process.env.TZ = 'Europe/Berlin';
});
afterAll(() => {
  if (savedTz === undefined) delete process.env.TZ;
  else process.env.TZ = savedTz;
});

const at = (local: string) => new Date(local).getTime();
const grouped = (times: string[], now: string) =>
  groupByDate(
    times.map((t) => ({ t })),
    (item) => at(item.t),
    at(now),
  ).map(({ group, items }) => [group, items.map((i) => i.t)]);

describe('groupByDate', () => {
  it('sorts conversations into today, yesterday, the previous 7 days and older by local calendar day', () => {
    const now = '2025-06-12T09:00:00';
    expect(
      grouped(
        [
          '2025-06-12T08:59:00',
          '2025-06-12T00:00:00',
          '2025-06-11T23:59:59',
          '2025-06-11T00:00:00',
          '2025-06-10T23:59:59',
          '2025-06-05T00:00:00',
          '2025-06-04T23:59:59',
          '2020-01-01T12:00:00',
        ],
        now,
      ),
    ).toEqual([
      ['today', ['2025-06-12T08:59:00', '2025-06-12T00:00:00']],
      ['yesterday', ['2025-06-11T23:59:59', '2025-06-11T00:00:00']],
      ['previous7Days', ['2025-06-10T23:59:59', '2025-06-05T00:00:00']],
      ['older', ['2025-06-04T23:59:59', '2020-01-01T12:00:00']],
    ]);
  });

  it('leaves out empty sections and keeps each section in the given order', () => {
    expect(grouped(['2025-01-01T10:00:00', '2025-06-12T07:00:00', '2024-01-01T10:00:00'], '2025-06-12T09:00:00')).toEqual([
      ['today', ['2025-06-12T07:00:00']],
      ['older', ['2025-01-01T10:00:00', '2024-01-01T10:00:00']],
    ]);
    expect(grouped([], '2025-06-12T09:00:00')).toEqual([]);
  });

  it('counts calendar days across a daylight-saving change, not 24-hour steps', () => {
    // 2025-03-30 has 23 hours in Berlin: 24 hours before 00:30 on the 31st is 23:30 on the 29th.
    expect(grouped(['2025-03-30T00:10:00', '2025-03-29T23:50:00'], '2025-03-31T00:30:00')).toEqual([
      ['yesterday', ['2025-03-30T00:10:00']],
      ['previous7Days', ['2025-03-29T23:50:00']],
    ]);
  });

  it('counts a time after now (a clock set back) as today', () => {
    expect(grouped(['2025-06-13T10:00:00'], '2025-06-12T09:00:00')).toEqual([['today', ['2025-06-13T10:00:00']]]);
  });
});
