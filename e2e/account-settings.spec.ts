import { expect, test, type Page } from '@playwright/test';
import { accountMessages, practiceSettingsMessages, RECOVERY_CODE_COUNT } from '@wellspring/domain';
import { Secret, TOTP } from 'otpauth';
import { agePasswordEntryOf } from './database.ts';
import { E2E_PASSWORD, signIn, signOut, signUp, toast, uniqueEmail } from './fixtures.ts';
import { expectNoA11yViolationsInBothThemes } from './public-site.ts';

const TOTP_PERIOD_MS = 30_000;

/**
 * The authenticator app, in the test: the code of a step the account has not used yet. The server
 * takes a code of the step before or after its own, but never a step it has seen or an earlier one
 * (no replay), so each code here is of the step after the last one used, or of now.
 */
class Authenticator {
  private lastStep = Number.NEGATIVE_INFINITY;
  private readonly totp: TOTP;

  constructor(key: string) {
    this.totp = new TOTP({ issuer: 'Wellspring', algorithm: 'SHA1', digits: 6, period: TOTP_PERIOD_MS / 1000, secret: Secret.fromBase32(key) });
  }

  async nextCode(): Promise<string> {
    const stepNow = () => Math.floor(Date.now() / TOTP_PERIOD_MS);
    // A step more than one ahead of the server's clock is refused: wait for it to come closer.
    while (this.lastStep + 1 > stepNow() + 1) await new Promise((resolve) => setTimeout(resolve, 1_000));
    const step = Math.max(stepNow(), this.lastStep + 1);
    this.lastStep = step;
    return this.totp.generate({ timestamp: step * TOTP_PERIOD_MS });
  }
}

const sideMenu = (page: Page) => page.getByRole('navigation', { name: 'Dashboard' });
const section = (page: Page, name: string) => page.getByRole('region', { name });

/** The settings screen from the dashboard's side menu, once its sections are there. */
async function openSettings(page: Page): Promise<void> {
  await page.goto('/dashboard');
  await sideMenu(page).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  await expect(section(page, 'Account')).toBeVisible();
}

/** The sign-in page's two steps: the password, then the second step's form (`answer` fills it). */
async function signInWithSecondStep(page: Page, email: string, answer: (page: Page) => Promise<void>): Promise<void> {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(E2E_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: '2-step verification' })).toBeVisible();
  await answer(page);
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

test.describe('account settings', () => {
  test('2-step verification: set up from the key on the page, then sign in with a code and with a recovery code', async ({ page }) => {
    test.setTimeout(120_000);
    const email = uniqueEmail('two-step');
    await signUp(page, { name: 'Dr. Tess Twostep', email });
    await openSettings(page);

    const security = section(page, 'Security');
    await security.getByRole('button', { name: 'Set up 2-step verification' }).click();
    await expect(security.getByRole('heading', { name: 'Set up your authenticator app' })).toBeFocused();
    await expect(security.getByRole('img', { name: 'QR code to scan with your authenticator app' })).toBeVisible();
    // The key as a person reads it off the screen: groups of four.
    const shownKey = (await security.getByTestId('two-step-secret').textContent()) ?? '';
    expect(shownKey).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{1,4})+$/);
    const app = new Authenticator(shownKey.replace(/\s/g, ''));
    await expectNoA11yViolationsInBothThemes(page);

    const turnOn = page.getByRole('form', { name: 'Turn on 2-step verification' });
    await turnOn.getByLabel('Authentication code').fill(await app.nextCode());
    await turnOn.getByRole('button', { name: 'Turn on' }).click();
    await expect(toast(page, accountMessages.twoStepOn)).toBeVisible();

    // The recovery codes, this once, with the note to save them.
    const panel = security.getByRole('region', { name: 'Your recovery codes' });
    await expect(panel.getByRole('heading', { name: 'Your recovery codes' })).toBeFocused();
    await expect(panel.getByText('Save these codes now: they are shown only this once.')).toBeVisible();
    const codes = await panel.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/);
    await expectNoA11yViolationsInBothThemes(page);
    await panel.getByRole('button', { name: 'I have saved my codes' }).click();
    await expect(panel).toHaveCount(0);
    await expect(security.getByText(`${RECOVERY_CODE_COUNT} of ${RECOVERY_CODE_COUNT} recovery codes left.`)).toBeVisible();
    await expect(security.getByText('On', { exact: true })).toBeVisible();

    // Signing in now asks for a code after the password.
    await signOut(page);
    const code = await app.nextCode();
    await signInWithSecondStep(page, email, (signingIn) => signingIn.getByLabel('Authentication code').fill(code));

    // With the phone lost: a recovery code, which then counts as used.
    await signOut(page);
    await signInWithSecondStep(page, email, async (signingIn) => {
      await signingIn.getByRole('button', { name: 'Use a recovery code instead' }).click();
      await signingIn.getByLabel('Recovery code').fill(codes[0] ?? '');
    });
    await openSettings(page);
    await expect(section(page, 'Security').getByText(`${RECOVERY_CODE_COUNT - 1} of ${RECOVERY_CODE_COUNT} recovery codes left.`)).toBeVisible();
  });

  test('signs another browser out from the list, and then every other one; each is sent to sign in at its next page', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const email = uniqueEmail('sessions');
    await signUp(page, { name: 'Dr. Seth Sessions', email });

    // A second browser (another device) signed in to the same account.
    const otherDevice = await browser.newContext();
    const other = await otherDevice.newPage();
    await signIn(other, { email });

    await openSettings(page);
    const sessions = section(page, 'Security').getByRole('list', { name: 'Where you’re signed in' });
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    const thisDevice = sessions.getByRole('listitem').filter({ hasText: 'This device' });
    await expect(thisDevice.getByRole('button', { name: 'Sign out' })).toHaveCount(0);
    const otherItem = sessions.getByRole('listitem').filter({ hasNotText: 'This device' });
    await otherItem.getByRole('button', { name: 'Sign out' }).click();
    await expect(toast(page, accountMessages.sessionEnded)).toBeVisible();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);

    await other.goto('/dashboard/schedule');
    await expect(other).toHaveURL(/\/login\?next=%2Fdashboard%2Fschedule/);
    await expect(other.getByRole('button', { name: 'Sign in' })).toBeVisible();

    // Signed in there again: "Sign out everywhere else" ends it too, and this device stays signed in.
    await signIn(other, { email });
    await page.reload();
    await expect(sessions.getByRole('listitem')).toHaveCount(2);
    await section(page, 'Security').getByRole('button', { name: 'Sign out everywhere else' }).click();
    await expect(toast(page, accountMessages.otherSessionsEnded)).toBeVisible();
    await expect(sessions.getByRole('listitem')).toHaveCount(1);
    await expect(section(page, 'Security').getByText('You are signed in on this device only.')).toBeVisible();

    await other.goto('/dashboard/patients');
    await expect(other).toHaveURL(/\/login\?next=%2Fdashboard%2Fpatients/);
    await page.reload();
    await expect(section(page, 'Account')).toBeVisible();
    await otherDevice.close();
  });

  test('passes axe in light and dark, works with the keyboard (the password asked again after 10 minutes), and fits a phone; the portal shows the same screen', async ({ page }, testInfo) => {
    // Six axe scans of the whole screen: over a minute on a loaded 2-core machine.
    test.setTimeout(150_000);
    const email = uniqueEmail('settings');
    await signUp(page, { name: 'Dr. Ada Settings', email });
    await openSettings(page);
    await expect(section(page, 'Security').getByRole('list', { name: 'Where you’re signed in' })).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);
    await page.screenshot({ path: testInfo.outputPath('settings-desktop.png'), fullPage: true });

    // The keyboard alone: the wrong current password's message under its field, then the change.
    const password = page.getByRole('form', { name: 'Password' });
    await password.getByLabel('Current password').focus();
    await page.keyboard.type('not my password');
    await page.keyboard.press('Tab');
    await expect(password.getByLabel('New password')).toBeFocused();
    await page.keyboard.type('a brand new passphrase');
    await page.keyboard.press('Enter');
    await expect(password.getByLabel('Current password')).toHaveAccessibleDescription(new RegExp(accountMessages.currentPasswordWrong));
    await expect(password.getByLabel('Current password')).toBeFocused();
    await expect(password.getByLabel('New password')).toHaveValue('a brand new passphrase');
    // The password was entered more than 10 minutes ago: the change asks for it again, then goes through.
    expect(await agePasswordEntryOf(email, 11)).toBeGreaterThan(0);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(E2E_PASSWORD);
    await page.keyboard.press('Enter');
    const confirmItsYou = page.getByRole('dialog', { name: 'Confirm it’s you' });
    await expect(confirmItsYou.getByLabel('Password')).toBeFocused();
    await expectNoA11yViolationsInBothThemes(page);
    await page.keyboard.type(E2E_PASSWORD);
    await page.keyboard.press('Enter');
    await expect(toast(page, accountMessages.passwordChanged)).toBeVisible();
    await expect(confirmItsYou).toHaveCount(0);
    await expect(password.getByLabel('Current password')).toHaveValue('');

    // The name, with Enter in its field.
    await page.getByLabel('Full name').fill('Dr. Ada Lovesettings');
    await page.getByLabel('Full name').press('Enter');
    await expect(toast(page, accountMessages.nameSaved)).toBeVisible();

    // A phone: one column, nothing wider than the screen.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await expect(section(page, 'Notifications')).toBeVisible();
    await expect(section(page, 'Security').getByRole('list', { name: 'Where you’re signed in' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await expectNoA11yViolationsInBothThemes(page);
    await page.screenshot({ path: testInfo.outputPath('settings-phone.png'), fullPage: true });

    // The provider portal's Settings is the same screen, in the portal's layout.
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/provider-portal/settings');
    await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Provider portal' }).locator('[aria-current="page"]')).toHaveText(['Settings']);
    await expect(page.getByLabel('Full name')).toHaveValue('Dr. Ada Lovesettings');
  });

  test('Practice: the name, time zone and currency saved here are online booking’s too, and stay after a reload', async ({ page }) => {
    test.setTimeout(90_000);
    await signUp(page, { name: 'Dr. Pia Practice', email: uniqueEmail('practice-settings') });
    await openSettings(page);
    const practice = page.getByRole('form', { name: 'Practice' });
    await practice.getByLabel('Practice name').fill('Cedar Integrative Clinic');
    const zone = practice.getByRole('combobox', { name: 'Time zone' });
    await zone.clear();
    await zone.pressSequentially('tokyo');
    await page.getByRole('option', { name: /^Asia\/Tokyo/ }).click();
    await practice.getByRole('button', { name: /Currency/ }).click();
    await page.getByRole('option', { name: 'GBP' }).click();
    await practice.getByRole('button', { name: 'Save practice settings' }).click();
    await expect(toast(page, practiceSettingsMessages.saved)).toBeVisible();

    await page.reload();
    await expect(practice.getByLabel('Practice name')).toHaveValue('Cedar Integrative Clinic');
    await expect(zone).toHaveValue(/^Asia\/Tokyo \(GMT\+9\)$/);
    await expect(practice.getByRole('button', { name: /Currency/ })).toContainText('GBP');

    await page.goto('/dashboard/booking');
    await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue(/^Asia\/Tokyo/);
    await expect(page.getByRole('button', { name: /Currency/ })).toContainText('GBP');
  });
});
