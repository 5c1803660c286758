// isoDate's last resort (src/rules/dates/free-date.ts), which replaced chrono-node: the values that
// neither read-date.ts nor `Date` reads, day, month and year written in another order.
import {describe, expect, it} from '@jest/globals';
import {readFreeDate} from '../../src/rules/dates/free-date.js';
import {isoDate} from '../../src/rules/normalize.js';

describe('isoDate reads what read-date.ts and Date do not', () => {
  it.each([
    // What `date` prints, the time between the day and the year (the real pages' values).
    ['Tue Jan 28 15:49:07 CET 2020', '2020-01-28T14:49:07.000Z'],
    ['Mon Oct 11 14:57:21 CEST 2021', '2021-10-11T12:57:21.000Z'],
    ['Sept. 3rd 2:30 p.m. EDT 2016', '2016-09-03T18:30:00.000Z'],
    ['Tue, 28 Jan 14:30 2016', '2016-01-28T14:30:00.000Z'],
    ['Jan 03 2pm BST 2016', '2016-01-03T13:00:00.000Z'],
    // A month's name between hyphens or slashes, day first or month first.
    ['03-Jan-2016', '2016-01-03T12:00:00.000Z'],
    ['28/Sep/2016 · 14:30 CET', '2016-09-28T13:30:00.000Z'],
    ['Tuesday, 3rd-Sept.-2016 at 2:30 PM', '2016-09-03T14:30:00.000Z'],
    ['Jan-28-2016', '2016-01-28T12:00:00.000Z'],
    ['May-3rd-2016 05.04 PM (PST)', '2016-05-04T01:04:00.000Z'],
    // The year first, the day in words, a month and a year alone.
    ['2016 May 3 - 14:30', '2016-05-03T14:30:00.000Z'],
    ['Tuesday, the 3rd of May, 2016', '2016-05-03T12:00:00.000Z'],
    ['Tuesday, January 2016 - 2:30 PM', '2016-01-01T14:30:00.000Z'],
  ])('isoDate(%j) is %j', (value, expected) => {
    expect(isoDate(value)).toBe(expected);
  });

  it.each(['1651626439', '1699999999', 'Jan 28 15:49:07 CET 16', '03-Jan-16', 'Tue Feb 30 10:00:00 CET 2020', 'May 3 at noon'])('%j is no date', (value) => {
    expect(isoDate(value)).toBeNull();
    expect(readFreeDate(value)).toBeNull();
  });
});
