/**
 * Directory search, done by PostgreSQL with indexes (migration 20261122022858_directory_and_favorites):
 * - text: the generated `search_document` tsvector (GIN; names word for word, specialties and bios
 *   stemmed in English), every word a prefix of either form, all words required, ranked with ts_rank;
 * - location: a bounding box on the GiST index over point(lng, lat), then the exact haversine
 *   distance (the domain's milesBetween) against the radius; an unknown place text: ILIKE on
 *   `location` (trigram GIN);
 * - specialties: `specialty_mask & $n <> 0` (the generated bit set of the catalog specialties);
 *   experience: a years range.
 * With a location, every filter and sort key is read from the covering GiST index
 * `practitioner_position_idx` (an index-only scan), see docs/decisions/0007-directory-search-indexes.md.
 * Matches are collected narrow (id and sort keys), counted, and only the page is joined back to
 * its card columns; with neither text nor place, the page is read in order from a narrow ordered
 * index instead (`orderedPageSql`). Every order ends with `id COLLATE "C"`.
 */
import {
  boundingBox,
  DEFAULT_RADIUS_MILES,
  EARTH_RADIUS_MILES,
  experienceYears,
  originOf,
  resolveUsCity,
  searchWords,
  type DirectoryOrigin,
  type DirectorySearch,
  type DirectorySearchResult,
  type DirectorySortOrder,
  type Specialty,
} from '@wellspring/domain';
import type { Database } from '../db/client.ts';
import { geocodeUsPlace, suggestUsPlaces } from '../geo/geocoder.ts';
import { DIRECTORY_CARD_COLUMNS, directoryCardFromRow, preparedStatementName, specialtyMaskOf, type DirectoryCardRow } from './practitioner.repository.ts';

export interface DirectorySearchSql {
  readonly text: string;
  readonly values: unknown[];
  readonly origin: DirectoryOrigin | null;
  readonly sort: DirectorySortOrder;
}

const escapeLike = (text: string): string => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The origin of the sample list's cities (exact, no gazetteer): the bench's and EXPLAIN's default. */
const sampleOrigin = (location: string | undefined): DirectoryOrigin | null => {
  const city = location ? resolveUsCity(location) : null;
  return city ? originOf(city) : null;
};

/**
 * Where a search's location text points: a city of the sample list (a bare name such as "Portland"
 * included), else any US city with its state or a ZIP code from the gazetteer (geo/geocoder.ts), else
 * null (the text then filters the listings' "City, ST" by substring).
 */
async function resolveSearchOrigin(location: string | undefined): Promise<DirectoryOrigin | null> {
  if (!location) return null;
  const sample = sampleOrigin(location);
  if (sample) return sample;
  const place = await geocodeUsPlace(location);
  return place ? { label: place.label, lat: place.lat, lng: place.lng } : null;
}

/** The one statement a search runs (exported for the bench and EXPLAIN), given where its location points. */
export function buildDirectorySearchSql(search: DirectorySearch, origin: DirectoryOrigin | null = sampleOrigin(search.location)): DirectorySearchSql {
  const values: unknown[] = [];
  const param = (value: unknown): string => {
    values.push(value);
    return `$${values.length}`;
  };
  const where: string[] = [];
  const keys: string[] = ['p.id', 'p.rating', 'p.review_count', 'p.years_experience'];
  let searchCte = '';

  const asked = search.specialties ?? [];
  let textTest: string | null = null;

  const words = search.query ? searchWords(search.query) : [];
  if (words.length > 0) {
    // Every word is a prefix, of a name word ('simple': stop words like "Will" are names too) or of an
    // English stem (specialties and bios); a word that is only a stop word in English still matches names.
    const query = words.map((word) => {
      const prefix = param(`${word}:*`);
      // One alternative when both forms are the same lexeme (most words): half the matching work.
      return `(CASE WHEN to_tsquery('english', ${prefix}) = to_tsquery('simple', ${prefix}) THEN to_tsquery('simple', ${prefix})
        ELSE to_tsquery('simple', ${prefix}) || to_tsquery('english', ${prefix}) END)`;
    });
    // A CTE read through scalar subqueries: built once (an InitPlan), and the test stays a filter of
    // the index scan instead of a join filter applied after the distance.
    searchCte = `search AS (SELECT ${query.join(' && ')} AS q), `;
    textTest = 'p.search_document @@ (SELECT q FROM search)';
    keys.push('ts_rank(p.search_document, (SELECT q FROM search)) AS rank');
  }

  if (origin) {
    const radius = search.maxDistanceMiles ?? DEFAULT_RADIUS_MILES;
    const box = boundingBox(origin, radius);
    const lat = param(origin.lat);
    const lng = param(origin.lng);
    where.push(`point(p.lng, p.lat) <@ box(point(${param(box.minLng)}, ${param(box.minLat)}), point(${param(box.maxLng)}, ${param(box.maxLat)}))`);
    // Haversine, as the domain's milesBetween.
    const miles = `(2 * ${EARTH_RADIUS_MILES} * asin(least(1, sqrt(
        sin(radians(p.lat - ${lat}::float8) / 2) ^ 2
        + cos(radians(${lat}::float8)) * cos(radians(p.lat)) * sin(radians(p.lng - ${lng}::float8) / 2) ^ 2))))`;
    keys.push(`${miles} AS distance`);
    where.push(`${miles} <= ${param(radius)}`);
  } else if (search.location) {
    where.push(`p.location ILIKE ${param(`%${escapeLike(search.location)}%`)}`);
  }

  if (search.experience) {
    const years = experienceYears(search.experience);
    where.push(`p.years_experience >= ${param(years.min)}`);
    if (years.max !== null) where.push(`p.years_experience <= ${param(years.max)}`);
  }

  const requested = search.sort ?? (origin ? 'distance' : 'relevance');
  const sort: DirectorySortOrder = requested === 'distance' && !origin ? 'relevance' : requested;
  const order = {
    relevance: [...(words.length > 0 ? ['rank DESC'] : []), 'rating DESC', 'review_count DESC'],
    distance: ['distance ASC'],
    rating: ['rating DESC', 'review_count DESC'],
    experience: ['years_experience DESC', 'rating DESC'],
  }[sort];
  const orderBy = (alias: string) => [...order.map((key) => `${alias}.${key}`), `${alias}.id COLLATE "C" ASC`].join(', ');

  const limit = param(search.pageSize);
  const offset = param((search.page - 1) * search.pageSize);
  const select = (conditions: readonly string[]) => `
      SELECT ${keys.join(', ')}
      FROM practitioner p
      ${conditions.length > 0 ? `WHERE ${conditions.join(' AND ')}` : ''}`;
  // PostgreSQL orders filters by cost, not selectivity, and `@@` looks cheapest: inside a CASE the
  // text test only runs for rows that passed the (far cheaper) specialty test.
  const textAfter = (test: string | null): string[] => (textTest ? [test ? `CASE WHEN ${test} THEN ${textTest} ELSE false END` : textTest] : []);
  // Near a place, with specialties: one branch per asked specialty, each read from that specialty's
  // partial covering GiST (migration 20261123150000_position_per_specialty: about a third of a
  // city's practitioners each), a practitioner counted in the branch of their first asked specialty
  // only. The bits are literals, so even a generic plan can prove which partial index applies.
  const perSpecialty = origin !== null && asked.length > 0;
  // Otherwise any of the specialties is one test of their bits in the generated `specialty_mask`
  // (cheaper per row than an array overlap), tested first.
  const specialtyTest = !perSpecialty && asked.length > 0 ? `(p.specialty_mask & ${param(specialtyMaskOf(asked))}::smallint) <> 0` : null;
  if (words.length === 0 && !search.location) {
    // Always true; it names the partial ordered indexes.
    const conditions = ['p.specialty_mask >= 0', ...(specialtyTest ? [specialtyTest] : []), ...where];
    return { text: orderedPageSql(keys, conditions, orderBy, limit, offset), values, origin: null, sort };
  }
  const branches = perSpecialty
    ? specialtyBits(asked).map((bit, index, bits) => {
        const earlier = bits.slice(0, index).reduce((mask, other) => mask | other, 0);
        const notEarlier = earlier > 0 ? `(p.specialty_mask & ${earlier}) = 0` : null;
        return select([`(p.specialty_mask & ${bit}) <> 0`, ...(notEarlier ? [notEarlier] : []), ...textAfter(notEarlier), ...where]);
      })
    : [
        // Always true; it names practitioner_position_idx (partial on it) as the one index near a place.
        select([...(origin ? ['p.specialty_mask >= 0'] : []), ...(specialtyTest ? [specialtyTest] : []), ...textAfter(specialtyTest), ...where]),
      ];
  const text = `
    WITH ${searchCte}matches AS MATERIALIZED (${branches.join('\n      UNION ALL')}
    ), page AS (
      SELECT m.* FROM matches m ORDER BY ${orderBy('m')} LIMIT ${limit} OFFSET ${offset}
    )
    ${pageCardsSql('SELECT count(*)::int AS total FROM matches', origin ? 'g.distance' : 'NULL::float8 AS distance', orderBy)}`;
  return { text, values, origin, sort };
}

/**
 * Neither text nor place: the page is read in its order from a narrow ordered index
 * (`practitioner_rating_order_idx` or `practitioner_experience_order_idx`, migration
 * 20261123160000_directory_order_indexes) and the scan stops after it; the total is a separate
 * index-only count. Collecting every match first, as the other searches do, read the whole table.
 */
function orderedPageSql(keys: readonly string[], conditions: readonly string[], orderBy: (alias: string) => string, limit: string, offset: string): string {
  const filter = `WHERE ${conditions.join(' AND ')}`;
  return `
    WITH page AS (
      SELECT ${keys.join(', ')} FROM practitioner p ${filter} ORDER BY ${orderBy('p')} LIMIT ${limit} OFFSET ${offset}
    )
    ${pageCardsSql(`SELECT count(*)::int AS total FROM practitioner p ${filter}`, 'NULL::float8 AS distance', orderBy)}`;
}

/**
 * Whether a card's listing takes online bookings: its practice (if one owns it) has booking on and
 * at least one session type — what `booking.offer` answers, read from the settings document the
 * booking settings machine writes (only ever through the domain's schema).
 */
const BOOKABLE_COLUMN = `COALESCE(pr.booking_settings->>'enabled' = 'true' AND pr.booking_settings->'sessionTypes'->0 IS NOT NULL, false) AS bookable`;

/**
 * The answer's rows: the total on every row, and the `page` CTE's practitioners joined back to their
 * card columns (and their practice's booking flag) in the page's order (one row with a NULL id when
 * the page is empty).
 */
function pageCardsSql(countSql: string, distanceColumn: string, orderBy: (alias: string) => string): string {
  return `SELECT t.total, ${distanceColumn}, ${DIRECTORY_CARD_COLUMNS}, ${BOOKABLE_COLUMN}
    FROM (${countSql}) t
    LEFT JOIN page g ON true
    LEFT JOIN practitioner p ON p.id = g.id
    LEFT JOIN practice pr ON pr.practitioner_id = p.id
    ORDER BY ${orderBy('g')}`;
}

/** The bits of `specialty_mask` for these specialties, lowest first. */
const specialtyBits = (list: readonly Specialty[]): number[] => [...new Set(list.map((specialty) => specialtyMaskOf([specialty])))].sort((a, b) => a - b);

type SearchRow = DirectoryCardRow & { total: number; distance: number | null; bookable: boolean };

export async function searchDirectory(db: Database, search: DirectorySearch): Promise<DirectorySearchResult> {
  const sql = buildDirectorySearchSql(search, await resolveSearchOrigin(search.location));
  const { rows } = await db.pool.query<SearchRow>({ name: preparedStatementName(sql.text), text: sql.text, values: sql.values });
  const total = rows[0]?.total ?? 0;
  return {
    items: rows.filter((row) => row.id !== null).map((row) => ({ ...directoryCardFromRow(row, row.distance), bookable: row.bookable })),
    total,
    page: search.page,
    pageSize: search.pageSize,
    origin: sql.origin,
    locationUnknown: total === 0 && sql.origin === null && search.location !== undefined && (await namesNoPlace(db, search.location)),
  };
}

/**
 * Whether a location text that placed nothing and matched no listing (with the other filters) names
 * no place at all: no US city or ZIP code starts with it, and no listing's location contains it.
 */
const LISTED_SQL = 'SELECT EXISTS (SELECT 1 FROM practitioner WHERE location ILIKE $1) AS listed';

async function namesNoPlace(db: Database, location: string): Promise<boolean> {
  if ((await suggestUsPlaces(location)).length > 0) return false;
  const { rows } = await db.pool.query<{ listed: boolean }>({ name: preparedStatementName(LISTED_SQL), text: LISTED_SQL, values: [`%${escapeLike(location)}%`] });
  return rows[0]?.listed !== true;
}
