/**
 * The referral page (issue 14) in a browser: the demo figures, a referral sent with its transient
 * state, each status action with its toast and its stored status after a reload, the code card
 * actions (toggle, delete confirm, copy indicator, share), a new account redeeming a code through
 * the visitor's offer page and the sign-up form, and axe on each screen in light and dark.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { confirmEmail, E2E_PASSWORD, signIn, toast, uniqueEmail } from './fixtures.ts';
import { signInAsDemo, signInAsNewPractitioner } from './practice-fixtures.ts';
import { expectNoA11yViolationsInBothThemes } from './public-site.ts';

let codeCounter = 0;
const uniqueCode = (prefix: string) => `${prefix}-${Date.now().toString(36).toUpperCase()}${(codeCounter += 1)}`;

const figures = (page: Page) => page.getByRole('region', { name: 'Referral figures' });
const openTab = (page: Page, name: 'My Referrals' | 'Refer Someone' | 'My Referral Codes') => page.getByRole('tab', { name }).click();
const codeCard = (page: Page, code: string) => page.getByRole('article', { name: `Referral code ${code}` });
const referralItem = (page: Page, name: string) => page.getByRole('list', { name: 'My referrals' }).getByRole('listitem').filter({ hasText: name });

/** Creates a code through the Create Code dialog. */
async function createCode(page: Page, code: string, { offer = '$40 off a first visit', reward = '40' } = {}): Promise<void> {
  await page.goto('/referrals?tab=codes');
  await page.getByRole('button', { name: 'Create Code' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Referral Code' });
  await dialog.getByRole('textbox', { name: 'Code' }).fill(code);
  await dialog.getByRole('textbox', { name: 'Offer' }).fill(offer);
  await dialog.getByRole('textbox', { name: 'Reward for each side ($)' }).fill(reward);
  await dialog.getByRole('button', { name: 'Create Code' }).click();
  await expect(toast(page, 'Referral code created')).toBeVisible();
  await expect(codeCard(page, code)).toBeVisible();
}

/** Sends a referral through the Refer Someone form. */
async function refer(page: Page, { name, email, code, type = 'Patient' }: { name: string; email: string; code: string; type?: 'Patient' | 'Practitioner' }): Promise<void> {
  await page.goto('/referrals?tab=refer');
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  if (type !== 'Patient') {
    await page.getByRole('button', { name: /Referring a$/ }).click();
    await page.getByRole('option', { name: type }).click();
  }
  await page.getByRole('button', { name: /Referral code$/ }).click();
  await page.getByRole('option', { name: new RegExp(`^${code} — `) }).click();
  await page.getByRole('button', { name: 'Send Referral' }).click();
  await expect(toast(page, 'Referral sent!')).toBeVisible();
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext();
  return context.newPage();
}

test.describe('referrals', () => {
  test('the demo practitioner: 12 total, 5 completed, $120 earned, the three tabs, axe on each in light and dark', async ({ page }) => {
    // Eight axe scans on a shared machine.
    test.slow();
    await signInAsDemo(page);
    await page.goto('/referrals');
    await expect(page.getByRole('heading', { level: 1, name: 'Referrals' })).toBeVisible();
    await expect(figures(page)).toContainText('Total Referrals12');
    await expect(figures(page)).toContainText('Completed5');
    await expect(figures(page)).toContainText('Rewards Earned$120');
    await expect(page.getByRole('tab')).toHaveText(['My Referrals', 'Refer Someone', 'My Referral Codes']);
    await expect(page.getByRole('list', { name: 'My referrals' }).getByRole('listitem')).toHaveCount(12);
    await expectNoA11yViolationsInBothThemes(page);
    await openTab(page, 'Refer Someone');
    await expect(page.getByRole('button', { name: 'Send Referral' })).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);
    await openTab(page, 'My Referral Codes');
    // The spec's three offers are all active, so "Refer Someone" offers all three.
    await expect(codeCard(page, 'INITIAL25')).toContainText('Active until');
    await expect(codeCard(page, 'COLLAB20')).toContainText('Active until Never');
    await expectNoA11yViolationsInBothThemes(page);
    // The delete confirmation and the new-code dialog too.
    await codeCard(page, 'COLLAB20').getByRole('button', { name: 'Delete code COLLAB20' }).click();
    await expect(page.getByRole('alertdialog', { name: 'Are you sure?' })).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);
    await page.getByRole('alertdialog').getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: 'Create Code' }).click();
    await expect(page.getByRole('dialog', { name: 'Create Referral Code' })).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);
  });

  test('refer someone: "Sending Referral..." while sending, success and a reset form; Resend and Cancel with their toasts, kept after a reload', async ({ page }) => {
    // Two axe scans (the Cancel confirmation, light and dark) on a shared machine.
    test.slow();
    await signInAsNewPractitioner(page, { name: 'Dr. Ivy Sender' });
    const code = uniqueCode('IVY');
    await createCode(page, code);

    await page.goto('/referrals?tab=refer');
    await page.getByRole('textbox', { name: 'Name' }).fill('Laura Perez');
    await page.getByRole('textbox', { name: 'Email' }).fill('laura.perez@example.com');
    await expect(page.getByRole('button', { name: /Referring a$/ })).toContainText('Patient');
    await page.getByRole('button', { name: /Referral code$/ }).click();
    await page.getByRole('option', { name: `${code} — $40 off a first visit` }).click();
    await page.getByRole('textbox', { name: 'Message (optional)' }).fill('Dr. Sender thinks you will like it here.');
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/trpc/referrals.create*', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole('button', { name: 'Send Referral' }).click();
    await expect(page.getByRole('button', { name: 'Sending Referral...' })).toBeDisabled();
    release();
    await expect(toast(page, 'Referral sent!')).toContainText("We've sent an invitation to laura.perez@example.com.");
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('');
    await page.unroute('**/api/trpc/referrals.create*');

    await openTab(page, 'My Referrals');
    await expect(referralItem(page, 'Laura Perez')).toContainText('Pending');
    await referralItem(page, 'Laura Perez').getByRole('button', { name: 'Resend referral to Laura Perez' }).click();
    await expect(toast(page, 'Referral resent')).toBeVisible();
    await page.reload();
    await expect(referralItem(page, 'Laura Perez')).toContainText('Pending');
    // Cancel asks first (it is final): Keep leaves it pending; confirmed by keyboard, it is cancelled.
    const cancelButton = referralItem(page, 'Laura Perez').getByRole('button', { name: 'Cancel referral to Laura Perez' });
    await cancelButton.click();
    const confirm = page.getByRole('alertdialog', { name: 'Cancel this referral?' });
    await expect(confirm).toContainText('Laura Perez will no longer be able to accept it. A cancelled referral cannot be restored.');
    await expect(confirm.getByRole('button', { name: 'Keep referral' })).toBeFocused();
    await expectNoA11yViolationsInBothThemes(page);
    await confirm.getByRole('button', { name: 'Keep referral' }).click();
    await expect(confirm).toBeHidden();
    await expect(referralItem(page, 'Laura Perez')).toContainText('Pending');
    await cancelButton.focus();
    await page.keyboard.press('Enter');
    await expect(confirm.getByRole('button', { name: 'Keep referral' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(confirm.getByRole('button', { name: 'Cancel referral' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(toast(page, 'Referral cancelled')).toBeVisible();
    await expect(confirm).toBeHidden();
    await page.reload();
    await expect(referralItem(page, 'Laura Perez')).toContainText('Cancelled');
    await expect(referralItem(page, 'Laura Perez').getByRole('button')).toHaveCount(0);
    await expect(figures(page)).toContainText('Total Referrals1');
  });

  test('a failed send keeps the form filled with "Failed to send referral"', async ({ page }) => {
    await signInAsNewPractitioner(page, { name: 'Dr. Ivy Sender' });
    const code = uniqueCode('FAIL');
    await createCode(page, code);
    await page.route('**/api/trpc/referrals.create*', (route) => route.abort());
    await page.goto('/referrals?tab=refer');
    await page.getByRole('textbox', { name: 'Name' }).fill('Ben Carter');
    await page.getByRole('textbox', { name: 'Email' }).fill('ben.carter@example.com');
    await page.getByRole('button', { name: /Referral code$/ }).click();
    await page.getByRole('option', { name: new RegExp(`^${code} — `) }).click();
    await page.getByRole('button', { name: 'Send Referral' }).click();
    await expect(toast(page, 'Failed to send referral')).toContainText('Please try again later');
    await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue('Ben Carter');
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue('ben.carter@example.com');
  });

  test('the receiver (by account e-mail) accepts one referral and declines another, each kept after a reload', async ({ page, browser }) => {
    // Two accounts' sign-ups and a dozen round trips: over 30 s on a slow two-core CI machine.
    test.setTimeout(90_000);
    await signInAsNewPractitioner(page, { name: 'Dr. Omar Sender' });
    const receiverPage = await newPage(browser);
    const receiver = await signInAsNewPractitioner(receiverPage, { name: 'Dr. Rae Receiver' });
    const code = uniqueCode('OMAR');
    await createCode(page, code);
    await refer(page, { name: 'Rae Receiver', email: receiver.email, code, type: 'Practitioner' });
    await refer(page, { name: 'Rae Receiver Again', email: receiver.email, code, type: 'Practitioner' });

    await receiverPage.goto('/referrals');
    const received = receiverPage.getByRole('list', { name: 'My referrals' }).getByRole('listitem');
    await expect(received).toHaveCount(2);
    await received.nth(0).getByRole('button', { name: 'Accept referral from Dr. Omar Sender' }).click();
    await expect(toast(receiverPage, 'Referral accepted')).toBeVisible();
    await receiverPage.reload();
    await expect(received.nth(0)).toContainText('Accepted');
    await received.nth(1).getByRole('button', { name: 'Decline referral from Dr. Omar Sender' }).click();
    // Final, so it asks first.
    await receiverPage.getByRole('alertdialog', { name: 'Decline this referral?' }).getByRole('button', { name: 'Decline referral' }).click();
    await expect(toast(receiverPage, 'Referral declined')).toBeVisible();
    await receiverPage.reload();
    await expect(received.nth(1)).toContainText('Declined');

    // The sender sees what the receiver did.
    await page.goto('/referrals');
    // Newest first: the receiver accepted the second referral and declined the first.
    await expect(referralItem(page, 'Rae Receiver Again')).toContainText('Accepted');
    await expect(page.getByRole('list', { name: 'My referrals' }).getByRole('listitem').nth(1)).toContainText('Declined');
    await receiverPage.context().close();
  });

  test('code cards: deactivate and activate kept after a reload, copy indicator for 2 s, share link, delete behind the confirm dialog', async ({ page, context }) => {
    // Two accounts' sign-ups and a dozen round trips: over 30 s on a slow two-core CI machine.
    test.setTimeout(90_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInAsNewPractitioner(page, { name: 'Dr. Cora Codes' });
    const code = uniqueCode('CORA');
    await createCode(page, code, { offer: '$25 off a first visit', reward: '25' });
    const card = codeCard(page, code);
    await expect(card).toContainText('$25 off a first visit');
    await expect(card).toContainText('0 uses (no limit)');
    await expect(card).toContainText('Active until Never');

    await card.getByRole('button', { name: `Deactivate code ${code}` }).click();
    await expect(toast(page, 'Code deactivated')).toBeVisible();
    await page.reload();
    await expect(card).toContainText('Currently inactive');
    await card.getByRole('button', { name: `Activate code ${code}` }).click();
    await expect(toast(page, 'Code activated')).toBeVisible();
    await page.reload();
    await expect(card).toContainText('Active until Never');

    await card.getByRole('button', { name: `Copy code ${code}` }).click();
    await expect(card.getByRole('button', { name: `Copied ${code}` })).toHaveText('Copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(code);
    await expect(card.getByRole('button', { name: `Copy code ${code}` })).toHaveText('Copy', { timeout: 4000 });

    await card.getByRole('button', { name: `Share code ${code}` }).click();
    await expect(toast(page, 'Link copied')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(page.url()).origin}/referral?code=${code}`);

    await card.getByRole('button', { name: `Delete code ${code}` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Are you sure?' });
    await expect(confirm).toContainText('This will permanently delete this referral code. Existing referrals using this code will no longer work.');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(card).toBeVisible();
    await card.getByRole('button', { name: `Delete code ${code}` }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await expect(toast(page, 'Referral code deleted')).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: 'No referral codes' })).toBeVisible();
  });

  test('a new account redeems a code from the referral link; the referral completes and both rewards are credited', async ({ page, browser }) => {
    // Two browsers, the confirmation e-mail and axe in both themes: longer than a one-screen journey.
    test.setTimeout(90_000);
    await signInAsNewPractitioner(page, { name: 'Dr. Nia Referrer' });
    const code = uniqueCode('NIA');
    await createCode(page, code, { offer: '$30 off a first visit', reward: '30' });
    const email = uniqueEmail('redeemer');
    await refer(page, { name: 'Remy Redeemer', email, code, type: 'Practitioner' });

    const visitor = await newPage(browser);
    await visitor.goto(`/referral?code=${code.toLowerCase()}`);
    await expect(visitor.getByRole('heading', { name: "You've been referred to Wellspring" })).toBeVisible();
    await expect(visitor.getByText('$30 off a first visit')).toBeVisible();
    await expect(visitor.getByText('Dr. Nia Referrer', { exact: true })).toBeVisible();
    await expect(visitor.getByRole('tab')).toHaveCount(0);
    await expectNoA11yViolationsInBothThemes(visitor);
    await visitor.getByRole('link', { name: 'Sign up with this code' }).click();
    await expect(visitor).toHaveURL(new RegExp(`/signup\\?code=${code}$`));
    await expect(visitor.getByLabel('Referral code (optional)')).toHaveValue(code);
    await visitor.getByLabel('Full name').fill('Dr. Remy Redeemer');
    await visitor.getByLabel('Email').fill(email);
    await visitor.getByLabel('Password').fill(E2E_PASSWORD);
    await visitor.getByRole('button', { name: 'Create account' }).click();
    await expect(visitor.getByRole('heading', { name: 'Check your email' })).toBeVisible();
    // Nothing counts until the address is proved: then the code is redeemed.
    await page.goto('/referrals');
    await expect(referralItem(page, 'Remy Redeemer')).not.toContainText('Completed');
    await confirmEmail(visitor, email);
    await signIn(visitor, { email });
    // Signed in, the link shows the tabs.
    await visitor.goto(`/referral?code=${code}`);
    await expect(visitor.getByRole('tab')).toHaveCount(3);
    await expect(visitor.getByRole('list', { name: 'My referrals' })).toContainText('Completed');
    await visitor.context().close();

    await page.goto('/referrals');
    await expect(referralItem(page, 'Remy Redeemer')).toContainText('Completed');
    await expect(figures(page)).toContainText('Completed1');
    await expect(figures(page)).toContainText('Rewards Earned$30');
    await openTab(page, 'My Referral Codes');
    await expect(codeCard(page, code)).toContainText('1 use (no limit)');
  });

  test('a code that cannot be redeemed refuses the sign-up with its message', async ({ page, browser }) => {
    await signInAsNewPractitioner(page, { name: 'Dr. Ida Inactive' });
    const code = uniqueCode('IDA');
    await createCode(page, code);
    await codeCard(page, code).getByRole('button', { name: `Deactivate code ${code}` }).click();
    await expect(toast(page, 'Code deactivated')).toBeVisible();

    const visitor = await newPage(browser);
    await visitor.goto(`/referral?code=${code}`);
    await expect(visitor.getByText('This referral code is inactive.')).toBeVisible();
    await expect(visitor.getByRole('link', { name: 'Sign up with this code' })).toHaveCount(0);
    await visitor.goto(`/signup?code=${code}`);
    await visitor.getByLabel('Full name').fill('Dr. Late Comer');
    await visitor.getByLabel('Email').fill(uniqueEmail('late'));
    await visitor.getByLabel('Password').fill(E2E_PASSWORD);
    await visitor.getByRole('button', { name: 'Create account' }).click();
    await expect(visitor.getByText('This referral code is inactive.')).toBeVisible();
    await expect(visitor).toHaveURL(/\/signup/);
    await visitor.context().close();
  });
});
