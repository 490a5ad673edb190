/**
 * Kept rows of the patient list (record 0042, "A page of the list, kept"): a page is answered from
 * them only if every one of its rows is kept for the practice's zone and its visits hold at the
 * read's instant — from the last visit (included) until the next change (excluded), as the page
 * statement reads them.
 */
import { describe, expect, it } from 'vitest';
import { rowsHolding, type KeptPatientRow } from '../src/practice/patient-list-rows.ts';

const row = (id: string, from: number, until: number): KeptPatientRow => ({
  row: { id, name: id, email: '', phone: '', dob: null, status: 'active', conditions: [], lastVisit: null, nextDate: null, nextTime: null, notes: 0 },
  from,
  until,
});

describe('kept rows of the patient list', () => {
  const kept = { timeZone: 'America/Chicago', rows: new Map([row('a', 1_000, 2_000), row('b', -Infinity, Infinity), row('c', 1_500, 3_000)].map((kept) => [kept.row.id, kept])) };
  const ids = (rows: ReturnType<typeof rowsHolding>) => rows?.map((listed) => listed.id);

  it('answers with every row of the page, in its order, while each one holds', () => {
    expect(ids(rowsHolding(kept, 'America/Chicago', ['c', 'a', 'b'], 1_500))).toEqual(['c', 'a', 'b']);
    expect(ids(rowsHolding(kept, 'America/Chicago', [], 0))).toEqual([]);
  });

  it("holds a row from its span's first instant to just before its end", () => {
    expect(ids(rowsHolding(kept, 'America/Chicago', ['a'], 1_000))).toEqual(['a']);
    expect(ids(rowsHolding(kept, 'America/Chicago', ['a'], 1_999))).toEqual(['a']);
    expect(rowsHolding(kept, 'America/Chicago', ['a'], 999)).toBeUndefined();
    expect(rowsHolding(kept, 'America/Chicago', ['a'], 2_000)).toBeUndefined();
  });

  it('answers nothing when one row is missing or past its span, or for another zone', () => {
    expect(rowsHolding(kept, 'America/Chicago', ['b', 'd'], 1_500)).toBeUndefined();
    expect(rowsHolding(kept, 'America/Chicago', ['b', 'a'], 2_500)).toBeUndefined();
    expect(rowsHolding(kept, 'Asia/Kolkata', ['b'], 1_500)).toBeUndefined();
  });
});
