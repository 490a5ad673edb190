import { expect, test } from '@playwright/test';
import { toast } from './fixtures.ts';
import { publishListing, signInAsNewPractitioner, takeDownListing } from './practice-fixtures.ts';
import { expectNoA11yViolationsInBothThemes } from './public-site.ts';

/** The practices whose listings this file published (taken down after each test: the directory journeys count five). */
const publishedBy: string[] = [];

test.afterEach(async () => {
  for (const practiceId of publishedBy.splice(0)) await takeDownListing(practiceId);
});

test.describe('contact a practitioner', () => {
  test('a visitor contacts a practitioner from the profile with the keyboard; the practitioner reads it on the dashboard', async ({ page, browser }) => {
    test.setTimeout(90_000);
    const name = `Dr. Wren Contactable ${Date.now().toString(36)}`;
    const practitioner = await signInAsNewPractitioner(page, { name });
    publishedBy.push(practitioner.practiceId);
    const listingId = await publishListing(practitioner.practiceId, { name });

    // The visitor, in a browser of their own (signed out).
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto(`/practitioners/${listingId}`);
    await expect(visitor.getByRole('heading', { level: 1, name })).toBeVisible();
    const contact = visitor.getByRole('button', { name: 'Contact' });

    // Escape closes the form and gives focus back to Contact.
    await contact.focus();
    await visitor.keyboard.press('Enter');
    const dialog = visitor.getByRole('dialog', { name: `Contact ${name}` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Your Name' })).toBeFocused();
    await visitor.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(contact).toBeFocused();

    // Sent empty: each field's message under it, focus on the first, nothing sent.
    await visitor.keyboard.press('Enter');
    await expect(dialog.getByRole('textbox', { name: 'Your Name' })).toBeFocused();
    // Name → Email → Phone → Message → consent → privacy policy → Cancel → Send Message.
    for (let step = 0; step < 7; step += 1) await visitor.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Send Message' })).toBeFocused();
    await visitor.keyboard.press('Enter');
    for (const message of ['Name must be at least 2 characters.', 'Please enter a valid email address.', 'Message must be at least 10 characters.', 'Please agree to be contacted about your message.']) {
      await expect(dialog.getByText(message)).toBeVisible();
    }
    await expect(dialog.getByRole('textbox', { name: 'Your Name' })).toBeFocused();
    await expect(dialog.getByRole('alert').filter({ hasText: 'There are 4 problems with this form' }).getByRole('link')).toHaveText(['Your Name', 'Email', 'Message', 'Consent to be contacted']);
    await expect(toast(visitor, 'Contact initiated')).toHaveCount(0);
    await expectNoA11yViolationsInBothThemes(visitor);

    // Filled and sent with the keyboard alone.
    await visitor.keyboard.type('Ada Lovelace');
    await visitor.keyboard.press('Tab');
    await visitor.keyboard.type('ada@example.com');
    await visitor.keyboard.press('Tab');
    await visitor.keyboard.type('(503) 555-0142');
    await visitor.keyboard.press('Tab');
    await visitor.keyboard.type('Do you treat migraines? Weekday mornings suit me best.');
    await visitor.keyboard.press('Tab');
    await expect(dialog.getByRole('checkbox')).toBeFocused();
    await visitor.keyboard.press('Space');
    await expect(dialog.getByRole('checkbox')).toBeChecked();
    await expect(dialog.getByText('Please agree to be contacted about your message.')).toBeHidden();
    await visitor.keyboard.press('Tab');
    await expect(dialog.getByRole('link', { name: 'privacy policy' })).toBeFocused();
    await visitor.keyboard.press('Tab');
    await visitor.keyboard.press('Tab');
    await expect(dialog.getByRole('button', { name: 'Send Message' })).toBeFocused();
    await visitor.keyboard.press('Enter');

    await expect(toast(visitor, 'Contact initiated')).toContainText('A message has been sent to the practitioner.');
    await expect(dialog).toBeHidden();
    await expect(contact).toBeFocused();
    await visitorContext.close();

    // The practitioner finds it on the dashboard, unread, and reads it.
    await page.goto('/dashboard');
    const messages = page.getByRole('region', { name: /Messages from Your Profile/ });
    await expect(messages.getByRole('heading', { level: 2 })).toHaveText('Messages from Your Profile1 unread');
    await expect(messages.getByText('1 message, 1 unread')).toBeVisible();
    const row = messages.getByRole('listitem').filter({ hasText: 'Ada Lovelace' });
    await expect(row).toContainText('Do you treat migraines? Weekday mornings suit me best.');
    await expectNoA11yViolationsInBothThemes(page);

    await row.getByRole('button', { name: 'Open message from Ada Lovelace (unread)' }).click();
    const opened = page.getByRole('dialog', { name: 'Message from Ada Lovelace' });
    await expect(opened.getByRole('link', { name: 'ada@example.com' })).toHaveAttribute('href', 'mailto:ada@example.com');
    await expect(opened.getByRole('link', { name: '(503) 555-0142' })).toHaveAttribute('href', 'tel:5035550142');
    await expect(opened.getByText('Do you treat migraines? Weekday mornings suit me best.')).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);
    await page.keyboard.press('Escape');
    await expect(opened).toBeHidden();
    await expect(messages.getByText('1 message, 0 unread')).toBeVisible();
    await expect(messages.getByRole('heading', { level: 2 })).toHaveText('Messages from Your Profile');

    // Still read after a reload: it was stored.
    await page.reload();
    await expect(page.getByRole('region', { name: /Messages from Your Profile/ }).getByRole('button', { name: 'Open message from Ada Lovelace' })).toBeVisible();
  });
});
