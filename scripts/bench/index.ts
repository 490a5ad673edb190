// `npm run bench`: measurements, never assertions. Needs `npm run build` first (npm start does it)
// and a PostgreSQL at BENCH_DATABASE_ADMIN_URL (default: the machine's, 127.0.0.1:5432).
import { measureAudit, printAuditReport } from './audit.ts';
import { measureAuthMe, printAuthMeReport } from './auth-me.ts';
import { measureBooking, printBookingReport } from './booking.ts';
import { measureLandingBundle, printBundleReport } from './bundle.ts';
import { measureCluster, printClusterReport } from './cluster.ts';
import { measureDirectory, printDirectoryReport } from './directory.ts';
import { measureGeo, printGeoReport } from './geo.ts';
import { measureLighthouse, printLighthouseReport } from './lighthouse.ts';
import { measurePortal, printPortalReport } from './portal.ts';
import { measurePractice, printPracticeReport } from './practice.ts';
import { measureStartup, printStartupReport } from './startup.ts';
import { measureWaitlist, printWaitlistReport } from './waitlist.ts';

const only = process.argv.slice(2);
const wants = (name: string) => only.length === 0 || only.includes(name);

console.log('# Wellspring benchmarks');
if (wants('bundle')) printBundleReport(await measureLandingBundle());
if (wants('lighthouse')) printLighthouseReport(await measureLighthouse());
if (wants('startup')) printStartupReport(await measureStartup());
if (wants('waitlist')) printWaitlistReport(await measureWaitlist());
if (wants('auth-me')) printAuthMeReport(await measureAuthMe());
if (wants('directory')) printDirectoryReport(await measureDirectory());
if (wants('geo')) printGeoReport(measureGeo());
if (wants('practice')) printPracticeReport(await measurePractice());
if (wants('portal')) printPortalReport(await measurePortal());
if (wants('booking')) printBookingReport(await measureBooking());
if (wants('cluster')) printClusterReport(await measureCluster());
if (wants('audit')) printAuditReport(await measureAudit());
