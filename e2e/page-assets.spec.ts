import { expect, test } from '@playwright/test';

/**
 * What a public page's HTML tells the browser to fetch before its code asks (the route preloads the
 * server writes from the web build's route-preloads.json) exists: a preload of a file the build did
 * not write would cost a round trip for a 404 on every visit.
 */
const PAGES = ['/about', '/search', '/practitioners/1', '/diagnostic', '/for-practitioners', '/provider-waitlist', '/practitioner-waitlist', '/privacy', '/terms'];

const linkedAssets = (html: string): string[] =>
  [...html.matchAll(/<(?:link rel="(?:modulepreload|stylesheet|preload)"|script)[^>]*(?:href|src)="([^"]+)"/g)].map((match) => match[1] ?? '');

test.describe('a public page opened directly', () => {
  for (const path of PAGES) {
    test(`${path}: every script and stylesheet its HTML names is served`, async ({ request }) => {
      const html = await (await request.get(path, { headers: { accept: 'text/html' } })).text();
      const assets = linkedAssets(html);
      // The page's own code is among them (its chunk, preloaded with the main bundle).
      expect(assets.filter((href) => href.endsWith('.js')).length).toBeGreaterThan(1);
      for (const href of assets) expect((await request.get(href)).status(), href).toBe(200);
    });
  }
});
