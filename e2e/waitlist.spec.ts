import { expect, test, type Locator, type Page } from '@playwright/test';
import { toast, uniqueEmail } from './fixtures.ts';
import { expectNoA11yViolationsInBothThemes } from './public-site.ts';

/** The patient card's form: the first of the two waitlist cards. */
const patientCard = (page: Page): Locator => page.locator('#waitlist form').first();

async function join(form: Locator, name: string, email: string): Promise<void> {
  await form.getByLabel('Full Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Join Waitlist' }).click();
}

test.describe('waitlist', () => {
  test('a patient joins, sees the thank-you for 3 seconds, then a reset form', async ({ page }) => {
    await page.goto('/');
    const email = uniqueEmail('patient');
    await join(patientCard(page), 'Avery Patient', email);

    await expect(toast(page, 'Added to waitlist!')).toContainText("We'll notify you when patient access become available.");
    await expect(page.getByText('Thank you for joining our waitlist!')).toBeVisible();
    // Focus moves to the thank-you that replaced the form, not to the page body.
    await expect(page.getByRole('status').filter({ hasText: 'Thank you for joining our waitlist!' })).toBeFocused();
    await expectNoA11yViolationsInBothThemes(page);
    await expect(page.getByText('Thank you for joining our waitlist!')).toBeHidden({ timeout: 5_000 });
    await expect(patientCard(page).getByLabel('Full Name')).toHaveValue('');
  });

  test('the same email in another letter case, after a reload, is refused', async ({ page }) => {
    await page.goto('/');
    const email = uniqueEmail('dup');
    await join(patientCard(page), 'First Person', email);
    await expect(toast(page, 'Added to waitlist!')).toBeVisible();

    await page.reload();
    await join(patientCard(page), 'Second Person', email.toUpperCase());
    await expect(toast(page, 'Email already registered')).toContainText('This email is already on our waitlist.');
    await expect(page.getByText('Thank you for joining our waitlist!')).toBeHidden();
    await expect(patientCard(page).getByLabel('Email')).toHaveValue(email.toUpperCase());
  });

  test('shows the validation messages and keeps what was typed', async ({ page }) => {
    await page.goto('/');
    const form = patientCard(page);
    await join(form, 'A', 'not-an-email');
    await expect(form.getByText('Full name must be at least 2 characters.')).toBeVisible();
    await expect(form.getByText('Please enter a valid email address.')).toBeVisible();
    await expect(form.getByLabel('Full Name')).toHaveValue('A');
    await expectNoA11yViolationsInBothThemes(page);
  });

  test('with the keyboard alone: an error summary, focus on the first invalid field, and on the thank-you after success', async ({ page }) => {
    await page.goto('/');
    const form = patientCard(page);
    await form.getByLabel('Full Name').focus();
    await page.keyboard.press('Enter');

    const summary = form.getByRole('alert');
    await expect(summary).toContainText('There are 2 problems with this form');
    await expect(form.getByLabel('Full Name')).toBeFocused();
    await summary.getByRole('link', { name: 'Email' }).press('Enter');
    await expect(form.getByLabel('Email')).toBeFocused();

    await page.keyboard.type(uniqueEmail('keyboard'));
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.type('Kai Keyboard');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Thank you for joining our waitlist!' })).toBeFocused();
    await expect(patientCard(page).getByLabel('Full Name')).toBeFocused({ timeout: 5_000 });
  });

  test('the practitioner card says practitioner applications', async ({ page }) => {
    await page.goto('/');
    const form = page.locator('#waitlist form').nth(1);
    await join(form, 'Dr. Practitioner', uniqueEmail('practitioner'));
    await expect(toast(page, 'Added to waitlist!')).toContainText("We'll notify you when practitioner applications become available.");
  });

  test('invite a friend: validation, then "Referral sent!" and the form hides again', async ({ page }) => {
    await page.goto('/');
    const card = page.locator('#waitlist').first();
    await card.getByRole('button', { name: 'Invite a friend to join' }).first().click();
    const yourName = page.getByLabel('Your Name');
    await expect(yourName).toBeVisible();

    await yourName.fill('J');
    await page.getByLabel("Friend's Email").fill('friend@');
    await page.getByRole('button', { name: 'Send Invite' }).click();
    await expect(page.getByText('Your name must be at least 2 characters.')).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);

    const friend = uniqueEmail('friend');
    await yourName.fill('Jordan');
    await page.getByLabel("Friend's Email").fill(friend);
    await page.getByRole('button', { name: 'Send Invite' }).click();
    await expect(toast(page, 'Referral sent!')).toContainText(`We've sent an invitation to ${friend}.`);
    await expect(page.getByLabel('Your Name')).toBeHidden();
  });
});
