import { describe, expect, it } from 'vitest';
import { matchSitePath, publicPages, sitemapPages, siteRoutePatterns } from './site-routes.ts';

describe('the site’s routes', () => {
  it('matches each page, with its decoded parameters, and nothing else', () => {
    expect(matchSitePath('/')).toEqual({ pattern: '/', params: {} });
    expect(matchSitePath('/practitioners/42')).toEqual({ pattern: '/practitioners/:id', params: { id: '42' } });
    expect(matchSitePath('/practitioners/dr%20ann')).toEqual({ pattern: '/practitioners/:id', params: { id: 'dr ann' } });
    expect(matchSitePath('/provider-portal/appointments/edit/a1')?.pattern).toBe('/provider-portal/appointments/edit/:id');
    expect(matchSitePath('/about/')?.pattern).toBe('/about');
    for (const missing of ['/nope', '/practitioners', '/practitioners/1/extra', '/provider-portal/nope', '/dashboard/patients/1/x', '/%E0%A4%A']) {
      expect(matchSitePath(missing)).toBeNull();
    }
  });

  it('describes every public page and lists only known pages in the sitemap', () => {
    for (const path of sitemapPages) {
      expect(matchSitePath(path)?.pattern).toBe(path);
      expect(publicPages[path]?.title).toMatch(/Wellspring/);
      expect(publicPages[path]?.description.length).toBeGreaterThan(40);
    }
    expect(new Set(Object.values(publicPages).map((page) => page.title)).size).toBe(sitemapPages.length);
    expect(new Set(siteRoutePatterns).size).toBe(siteRoutePatterns.length);
  });
});
