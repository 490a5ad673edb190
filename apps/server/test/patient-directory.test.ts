/**
 * The patient directory's matching (record 0042, "The patient directory"): through the trigram index
 * for texts of three characters or more, by scanning for shorter ones — either way exactly the
 * patients whose name or e-mail holds the text in any case, or whose phone holds it as typed.
 */
import { mulberry32, pick, randomInt } from '@wellspring/domain/samples';
import { describe, expect, it } from 'vitest';
import { directoryOf, matchingRanks, type DirectoryRow } from '../src/practice/patient-directory.ts';

const FIRST = ['Will', 'Willa', 'Ana', 'Åsa', 'Zoë', 'İlker', 'Mary-Jo', "O'Neil", 'Lu', 'Xi'];
const LAST = ['Williams', 'Smith', 'Nguyễn', 'de la Cruz', 'Ng', 'Ollivander', 'Zhang', 'Brown'];

function rows(seed: number, count: number): DirectoryRow[] {
  const random = mulberry32(seed);
  return Array.from({ length: count }, (_, index) => {
    const name = `${pick(random, FIRST)} ${pick(random, LAST)}`;
    return {
      version: '7',
      id: `p${index}`,
      name,
      email: random() < 0.1 ? null : `${name.toLowerCase().replace(/[^a-z]/g, '.')}${index}@Example.com`,
      phone: random() < 0.2 ? '' : `(${randomInt(random, 200, 999)}) 555-0${randomInt(random, 100, 999)}`,
    };
  });
}

/** The rule itself, patient by patient. */
function expected(list: readonly DirectoryRow[], query: string): number[] {
  const folded = query.toLowerCase();
  return list.flatMap((row, rank) =>
    (row.name ?? '').toLowerCase().includes(folded) || (row.email ?? '').toLowerCase().includes(folded) || (row.phone ?? '').includes(query) ? [rank] : [],
  );
}

describe('patient directory matching', () => {
  it('finds exactly the patients the rule finds, for texts of every length taken from names, e-mails and phones, and for texts no one holds', () => {
    const list = rows(2026_11_30, 600);
    const directory = directoryOf(list);
    const random = mulberry32(7);
    const queries = ['w', 'Wi', 'wil', 'WILL', 'william', 'ng', 'nguy', 'ễn', 'zoë', 'İl', 'i̇lk', '@example', 'example.com', '555', '(2', '555-01', "o'n", '.', 'zzz', 'q', '%'];
    for (let n = 0; n < 300; n += 1) {
      const row = pick(random, list);
      const source = pick(random, [row.name ?? '', row.email ?? '', row.phone ?? '']);
      const from = randomInt(random, 0, Math.max(0, source.length - 1));
      const text = source.slice(from, from + randomInt(random, 1, 8));
      queries.push(random() < 0.5 ? text.toUpperCase() : text);
    }
    for (const query of queries) expect([...matchingRanks(directory, query)], query).toEqual(expected(list, query));
  });

  it('lists everyone for an empty text and no one for a text holding a NUL', () => {
    const list = rows(5, 40);
    const directory = directoryOf(list);
    expect([...matchingRanks(directory, '')]).toEqual(list.map((_, rank) => rank));
    expect(matchingRanks(directory, 'wi\u0000ll')).toEqual([]);
  });
});
