import { siteRoutePatterns } from '@wellspring/domain';
import { describe, expect, it } from 'vitest';
import { portalPaths } from '../features/portal/portal-paths.ts';
import { routeTable, signedInRouteTable } from './routes.tsx';

const known: ReadonlySet<string> = new Set(siteRoutePatterns);

describe('the route tables', () => {
  it('answer only paths the server knows as pages (anything else is a 404 there)', () => {
    for (const { path } of [...routeTable, ...signedInRouteTable]) expect(known.has(path), path).toBe(true);
    const portal = [
      portalPaths.dashboard,
      portalPaths.appointments,
      portalPaths.newAppointment,
      portalPaths.editAppointment(':id'),
      portalPaths.patients,
      portalPaths.patient(':id'),
      portalPaths.ehr,
      portalPaths.newEhrRecord(),
      portalPaths.payments,
      portalPaths.newPayment(),
      portalPaths.settings,
    ].map((path) => path.replace('%3A', ':'));
    for (const path of portal) expect(known.has(path), path).toBe(true);
  });
});
