import { chromium } from '@playwright/test';
const base = 'http://localhost:4199';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox'] });
const shots: [string, number, number, 'light'|'dark', string][] = [
  ['/', 1280, 800, 'light', 'home-desktop'],
  ['/about', 1024, 700, 'dark', 'about-1024-dark'],
  ['/practitioners/1', 390, 844, 'light', 'profile-phone'],
  ['/practitioners/1', 390, 844, 'dark', 'profile-phone-dark'],
];
for (const [path, width, height, scheme, name] of shots) {
  const page = await browser.newPage({ viewport: { width, height }, colorScheme: scheme });
  await page.goto(base + path);
  await page.waitForTimeout(1500);
  if (path.startsWith('/practitioners')) { await page.getByRole('tablist').scrollIntoViewIfNeeded(); }
  await page.screenshot({ path: `/tmp/${name}.png` });
  await page.close();
}
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
await page.goto(base + '/practitioner-waitlist');
await page.getByRole('button', { name: 'Submit Application' }).click();
await page.waitForTimeout(500);
await page.screenshot({ path: '/tmp/app-errors.png' });
await browser.close();
