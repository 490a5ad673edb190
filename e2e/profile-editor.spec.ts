import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { toast } from './fixtures.ts';
import { signInAsNewPractitioner, takeDownListings } from './practice-fixtures.ts';
import { expectNoA11yViolationsInBothThemes } from './public-site.ts';

const about = 'Licensed acupuncturist treating chronic pain, headaches and stress with acupuncture and Chinese herbs.';

const textbox = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });

/** A real photo to upload: a 900 × 600 PNG. */
const portrait = () =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: { r: 70, g: 130, b: 110 } } })
    .png()
    .toBuffer();

/** The practices whose listings this file published. */
const publishedBy: string[] = [];

/**
 * The journeys share one database, and the directory's own journeys count the spec's five sample
 * practitioners: a listing published here is taken down once its test is over.
 */
test.afterEach(() => takeDownListings(publishedBy));

test.describe('the profile editor', () => {
  test('tabs, rules, counter and list fields; create publishes to /search and the profile page; edit saves changes', async ({ page }) => {
    test.setTimeout(120_000);
    // A name no sample or other run has.
    const surname = `Quillfeather${Date.now().toString(36)}`;
    const name = `Dr. Wren ${surname}`;
    const { practiceId } = await signInAsNewPractitioner(page, { name });
    publishedBy.push(practiceId);

    await page.goto('/practitioner-profile/create');
    await expect(page.getByRole('heading', { level: 1, name: 'Create Your Profile' })).toBeVisible();
    await expect(page.getByRole('tab')).toHaveText(['Basic Info', 'Expertise', 'Credentials', 'Approaches']);
    await expect(page.getByRole('link', { name: 'Cancel' })).toHaveAttribute('href', '/dashboard');
    await expect(page.getByRole('button', { name: 'Create Profile' })).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);

    // Nothing typed: the spec's messages, and nothing saved.
    await page.getByRole('button', { name: 'Create Profile' }).click();
    await expect(page.getByText('Name must be at least 3 characters')).toBeVisible();
    await expect(page.getByText('Location is required')).toBeVisible();
    await expect(page.getByText('About section must be at least 50 characters')).toBeVisible();
    await expect(page.getByText('Experience must be a positive number')).toBeVisible();
    await expect(textbox(page, 'Full Name')).toBeFocused();
    await expectNoA11yViolationsInBothThemes(page);

    // The short bio's counter.
    await expect(page.getByText('0/200')).toBeVisible();
    await textbox(page, 'Short Bio').fill('x'.repeat(201));
    await expect(page.getByText('201/200')).toBeVisible();
    await page.getByRole('button', { name: 'Create Profile' }).click();
    await expect(page.getByText('Short bio must be less than 200 characters')).toBeVisible();
    await textbox(page, 'Short Bio').fill('Acupuncture and herbs for chronic pain.');
    await expect(page.getByText('39/200')).toBeVisible();

    await textbox(page, 'Full Name').fill(name);
    await textbox(page, 'Location').fill('Atlantis, ZZ');
    await textbox(page, 'About').fill(about);
    await textbox(page, 'Years of Experience').fill('14');
    await page.getByText('I accept insurance').click();
    await expect(page.getByRole('checkbox', { name: 'I accept insurance' })).toBeChecked();

    // The photo: a GIF is refused before it is sent; a PNG is uploaded.
    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({ name: 'me.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
    await expect(page.getByText('Please choose a JPEG, PNG or WebP image')).toBeVisible();
    await fileInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await portrait() });
    await expect(toast(page, 'Photo uploaded')).toBeVisible();
    await expect(page.getByRole('group', { name: 'Profile Photo' }).getByRole('img', { name })).toHaveAttribute('src', /^\/api\/photos\/[0-9a-f-]+\.webp$/);

    // Lists: Add disabled while empty, entries trimmed, duplicates refused.
    await page.getByRole('tab', { name: 'Expertise' }).click();
    const addSpecialty = page.getByRole('button', { name: 'Add specialty' });
    await expect(addSpecialty).toBeDisabled();
    await textbox(page, 'Specialties').fill('   ');
    await expect(addSpecialty).toBeDisabled();
    await textbox(page, 'Specialties').fill('  acupuncture ');
    await addSpecialty.click();
    await textbox(page, 'Specialties').fill('Herbalism');
    await textbox(page, 'Specialties').press('Enter');
    await textbox(page, 'Specialties').fill('ACUPUNCTURE');
    await addSpecialty.click();
    await expect(page.getByText('"Acupuncture" is already in the list')).toBeVisible();
    await expect(page.getByRole('list', { name: 'Specialties' }).getByRole('listitem')).toHaveText(['Acupuncture', 'Herbalism']);

    await page.getByRole('tab', { name: 'Credentials' }).click();
    await textbox(page, 'Certifications').fill('NCCAOM Diplomate');
    await page.getByRole('button', { name: 'Add certification' }).click();
    await textbox(page, 'Education').fill('MAcOM, AOMA Graduate School');
    await page.getByRole('button', { name: 'Add education' }).click();
    await page.getByRole('tab', { name: 'Approaches' }).click();
    await textbox(page, 'Treatment Approaches').fill('Cupping');
    await page.getByRole('button', { name: 'Add treatment approach' }).click();
    await textbox(page, 'Treatment Approaches').fill('Remove me');
    await page.getByRole('button', { name: 'Add treatment approach' }).click();
    await page.getByRole('button', { name: 'Remove Remove me' }).click();
    await expect(page.getByRole('list', { name: 'Treatment Approaches' }).getByRole('listitem')).toHaveText(['Cupping']);
    await expectNoA11yViolationsInBothThemes(page);

    // An unknown place: refused by the server, Basic Info opens at its message, every tab kept.
    await page.getByRole('button', { name: 'Create Profile' }).click();
    await expect(page.getByRole('form', { name: 'Create Profile' }).getByText("We couldn't find that place. Enter a US city and state (Portland, OR) or a 5-digit ZIP code.")).toBeVisible();
    await expect(toast(page, 'Please check your profile')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Basic Info' })).toHaveAttribute('aria-selected', 'true');
    await expect(textbox(page, 'About')).toHaveValue(about);
    await page.getByRole('tab', { name: 'Approaches' }).click();
    await expect(page.getByRole('list', { name: 'Treatment Approaches' }).getByRole('listitem')).toHaveText(['Cupping']);

    // A real place: created, toasted, on the dashboard 1.5 s later.
    await page.getByRole('tab', { name: 'Basic Info' }).click();
    await textbox(page, 'Location').fill('austin tx');
    await page.getByRole('button', { name: 'Create Profile' }).click();
    await expect(toast(page, 'Profile created successfully!')).toContainText('Your profile is now live and visible to patients.');
    const savedAt = Date.now();
    await expect(page).toHaveURL(/\/practitioner-profile\/create$/);
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });
    expect(Date.now() - savedAt).toBeGreaterThan(1_000);
    // The dashboard's header shows the photo.
    await expect(page.getByRole('img', { name }).first()).toHaveAttribute('src', /^\/api\/photos\//);

    // In the directory at once: by text, by specialty near a ZIP code, and at its own URL.
    await page.goto(`/search?query=${surname}`);
    const card = page.getByRole('link', { name });
    await expect(card).toBeVisible();
    await page.goto('/search?location=78701&specialties=acupuncture&distance=10');
    await expect(card).toBeVisible();
    await card.click();
    await expect(page).toHaveURL(/\/practitioners\/[0-9a-f-]{36}$/);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Austin, TX').first()).toBeVisible();
    await expect(page.getByRole('img', { name }).first()).toHaveAttribute('src', /^\/api\/photos\//);
    const profileUrl = page.url();

    // Edit: the same screen says Save Changes, on /create as on /edit.
    await page.goto('/practitioner-profile/create');
    await expect(page.getByRole('button', { name: 'Save Changes' })).toBeVisible();
    await page.goto('/practitioner-profile/edit');
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Your Profile' })).toBeVisible();
    await expect(textbox(page, 'Location')).toHaveValue('austin tx');
    await textbox(page, 'Location').fill('97201');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Profile updated successfully!')).toContainText('Your changes have been saved.');
    await expect(page).toHaveURL(/\/dashboard$/, { timeout: 5_000 });

    await page.goto(profileUrl);
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('Portland, OR').first()).toBeVisible();
    await page.goto('/search?location=portland+or&distance=5');
    await expect(page.getByRole('link', { name })).toBeVisible();
  });
});
