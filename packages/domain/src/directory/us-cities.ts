/**
 * Fifty real US cities with their centre coordinates and IANA time zone: the places a directory
 * search resolves (directory.schema.ts) and where generated practitioners are spread (samples/generator.ts).
 */
export interface UsCity {
  readonly city: string;
  /** The USPS code ("OR"). */
  readonly state: string;
  readonly lat: number;
  readonly lng: number;
  /** The IANA zone the city keeps its clocks in. */
  readonly timeZone: string;
}

export const usCities: readonly UsCity[] = [
  { city: 'New York', state: 'NY', lat: 40.7128, lng: -74.006, timeZone: 'America/New_York' },
  { city: 'Los Angeles', state: 'CA', lat: 34.0522, lng: -118.2437, timeZone: 'America/Los_Angeles' },
  { city: 'Chicago', state: 'IL', lat: 41.8781, lng: -87.6298, timeZone: 'America/Chicago' },
  { city: 'Houston', state: 'TX', lat: 29.7604, lng: -95.3698, timeZone: 'America/Chicago' },
  { city: 'Phoenix', state: 'AZ', lat: 33.4484, lng: -112.074, timeZone: 'America/Phoenix' },
  { city: 'Philadelphia', state: 'PA', lat: 39.9526, lng: -75.1652, timeZone: 'America/New_York' },
  { city: 'San Antonio', state: 'TX', lat: 29.4241, lng: -98.4936, timeZone: 'America/Chicago' },
  { city: 'San Diego', state: 'CA', lat: 32.7157, lng: -117.1611, timeZone: 'America/Los_Angeles' },
  { city: 'Dallas', state: 'TX', lat: 32.7767, lng: -96.797, timeZone: 'America/Chicago' },
  { city: 'San Jose', state: 'CA', lat: 37.3382, lng: -121.8863, timeZone: 'America/Los_Angeles' },
  { city: 'Austin', state: 'TX', lat: 30.2672, lng: -97.7431, timeZone: 'America/Chicago' },
  { city: 'Jacksonville', state: 'FL', lat: 30.3322, lng: -81.6557, timeZone: 'America/New_York' },
  { city: 'Fort Worth', state: 'TX', lat: 32.7555, lng: -97.3308, timeZone: 'America/Chicago' },
  { city: 'Columbus', state: 'OH', lat: 39.9612, lng: -82.9988, timeZone: 'America/New_York' },
  { city: 'Charlotte', state: 'NC', lat: 35.2271, lng: -80.8431, timeZone: 'America/New_York' },
  { city: 'San Francisco', state: 'CA', lat: 37.7749, lng: -122.4194, timeZone: 'America/Los_Angeles' },
  { city: 'Indianapolis', state: 'IN', lat: 39.7684, lng: -86.1581, timeZone: 'America/Indiana/Indianapolis' },
  { city: 'Seattle', state: 'WA', lat: 47.6062, lng: -122.3321, timeZone: 'America/Los_Angeles' },
  { city: 'Denver', state: 'CO', lat: 39.7392, lng: -104.9903, timeZone: 'America/Denver' },
  { city: 'Washington', state: 'DC', lat: 38.9072, lng: -77.0369, timeZone: 'America/New_York' },
  { city: 'Boston', state: 'MA', lat: 42.3601, lng: -71.0589, timeZone: 'America/New_York' },
  { city: 'Nashville', state: 'TN', lat: 36.1627, lng: -86.7816, timeZone: 'America/Chicago' },
  { city: 'Detroit', state: 'MI', lat: 42.3314, lng: -83.0458, timeZone: 'America/Detroit' },
  { city: 'Portland', state: 'OR', lat: 45.5152, lng: -122.6784, timeZone: 'America/Los_Angeles' },
  { city: 'Las Vegas', state: 'NV', lat: 36.1699, lng: -115.1398, timeZone: 'America/Los_Angeles' },
  { city: 'Memphis', state: 'TN', lat: 35.1495, lng: -90.049, timeZone: 'America/Chicago' },
  { city: 'Louisville', state: 'KY', lat: 38.2527, lng: -85.7585, timeZone: 'America/Kentucky/Louisville' },
  { city: 'Baltimore', state: 'MD', lat: 39.2904, lng: -76.6122, timeZone: 'America/New_York' },
  { city: 'Milwaukee', state: 'WI', lat: 43.0389, lng: -87.9065, timeZone: 'America/Chicago' },
  { city: 'Albuquerque', state: 'NM', lat: 35.0844, lng: -106.6504, timeZone: 'America/Denver' },
  { city: 'Tucson', state: 'AZ', lat: 32.2226, lng: -110.9747, timeZone: 'America/Phoenix' },
  { city: 'Fresno', state: 'CA', lat: 36.7378, lng: -119.7871, timeZone: 'America/Los_Angeles' },
  { city: 'Sacramento', state: 'CA', lat: 38.5816, lng: -121.4944, timeZone: 'America/Los_Angeles' },
  { city: 'Kansas City', state: 'MO', lat: 39.0997, lng: -94.5786, timeZone: 'America/Chicago' },
  { city: 'Atlanta', state: 'GA', lat: 33.749, lng: -84.388, timeZone: 'America/New_York' },
  { city: 'Miami', state: 'FL', lat: 25.7617, lng: -80.1918, timeZone: 'America/New_York' },
  { city: 'Raleigh', state: 'NC', lat: 35.7796, lng: -78.6382, timeZone: 'America/New_York' },
  { city: 'Omaha', state: 'NE', lat: 41.2565, lng: -95.9345, timeZone: 'America/Chicago' },
  { city: 'Minneapolis', state: 'MN', lat: 44.9778, lng: -93.265, timeZone: 'America/Chicago' },
  { city: 'Tulsa', state: 'OK', lat: 36.154, lng: -95.9928, timeZone: 'America/Chicago' },
  { city: 'Cleveland', state: 'OH', lat: 41.4993, lng: -81.6944, timeZone: 'America/New_York' },
  { city: 'New Orleans', state: 'LA', lat: 29.9511, lng: -90.0715, timeZone: 'America/Chicago' },
  { city: 'Tampa', state: 'FL', lat: 27.9506, lng: -82.4572, timeZone: 'America/New_York' },
  { city: 'Pittsburgh', state: 'PA', lat: 40.4406, lng: -79.9959, timeZone: 'America/New_York' },
  { city: 'Cincinnati', state: 'OH', lat: 39.1031, lng: -84.512, timeZone: 'America/New_York' },
  { city: 'Salt Lake City', state: 'UT', lat: 40.7608, lng: -111.891, timeZone: 'America/Denver' },
  { city: 'Boise', state: 'ID', lat: 43.615, lng: -116.2023, timeZone: 'America/Boise' },
  { city: 'Asheville', state: 'NC', lat: 35.5951, lng: -82.5515, timeZone: 'America/New_York' },
  { city: 'Boulder', state: 'CO', lat: 40.015, lng: -105.2705, timeZone: 'America/Denver' },
  { city: 'Honolulu', state: 'HI', lat: 21.3069, lng: -157.8583, timeZone: 'Pacific/Honolulu' },
];

/** The names of the states (and DC) of `usCities`, by USPS code. */
export const usStateNames: Readonly<Record<string, string>> = {
  AZ: 'Arizona',
  CA: 'California',
  CO: 'Colorado',
  DC: 'the District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  KY: 'Kentucky',
  LA: 'Louisiana',
  MA: 'Massachusetts',
  MD: 'Maryland',
  MI: 'Michigan',
  MN: 'Minnesota',
  MO: 'Missouri',
  NC: 'North Carolina',
  NE: 'Nebraska',
  NM: 'New Mexico',
  NV: 'Nevada',
  NY: 'New York',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  WA: 'Washington',
  WI: 'Wisconsin',
};
