import { expect, test, type Locator, type Page } from '@playwright/test';
import { toast } from './fixtures.ts';
import { publishListing, signInAsNewPractitioner, takeDownListings } from './practice-fixtures.ts';
import { expectNoA11yViolationsInBothThemes } from './public-site.ts';

const topicCard = (page: Page, title: string) => page.getByRole('list', { name: 'Topics' }).getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
const likeButton = (card: Locator) => card.getByRole('button', { name: /^Like / });
const likesOf = async (button: Locator) => Number(/, (\d+) likes$/.exec((await button.getAttribute('aria-label')) ?? '')?.[1]);

test.describe('the community', () => {
  test('shows the soft-launch banner and the forum: topics, categories, guidelines; a like is stored once and taken back', async ({ page }) => {
    await signInAsNewPractitioner(page, { name: 'Dr. Forum Fan' });
    await page.goto('/community');
    await expect(page.getByRole('heading', { level: 1, name: 'Community' })).toBeVisible();
    await expect(page.getByText('Our community is in soft launch. The content shown is illustrative sample content.')).toBeVisible();
    await expect(page.getByRole('tab', { name: 'Forums', selected: true })).toBeVisible();

    const topic = topicCard(page, 'New meta-analysis on probiotics for IBS');
    await expect(topic).toContainText('Dr. Elena Rodriguez');
    await expect(topic).toContainText('Research');
    await expect(topic).toContainText('15 replies');
    await expect(topic).toContainText('204 views');
    await expect(topic).toContainText(/Last active \d+ (minute|hour|day)s? ago/);
    await expect(page.getByRole('region', { name: 'Categories' })).toContainText('Ethics & Regulations');
    await expect(page.getByRole('region', { name: 'Community Guidelines' })).toContainText('Respect patient confidentiality');

    // The fifth topic comes with the next page.
    await expect(topicCard(page, 'Explaining dosha assessments to new patients')).toHaveCount(0);
    await page.getByRole('button', { name: 'Load More Topics' }).click();
    await expect(topicCard(page, 'Explaining dosha assessments to new patients')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Load More Topics' })).toHaveCount(0);

    const like = likeButton(topic);
    await expect(like).toHaveAttribute('aria-pressed', 'false');
    const before = await likesOf(like);
    await like.click();
    await expect(toast(page, 'Post liked!')).toBeVisible();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => likesOf(like)).toBe(before + 1);

    await page.reload();
    await expect(likeButton(topic)).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => likesOf(likeButton(topic))).toBe(before + 1);
    await likeButton(topic).click();
    await expect(likeButton(topic)).toHaveAttribute('aria-pressed', 'false');
    await expect.poll(() => likesOf(likeButton(topic))).toBe(before);

    await topic.getByRole('button', { name: 'Join discussion' }).click();
    await expect(toast(page, 'Coming soon!')).toBeVisible();
    await page.getByRole('button', { name: 'New Topic' }).click();
    await expect(toast(page, 'Coming soon!').first()).toBeVisible();

    await expectNoA11yViolationsInBothThemes(page);
  });
});

test.describe('community events', () => {
  const eventCards = (page: Page) => page.getByRole('list', { name: 'Events' }).locator(':scope > li');
  const eventCard = (page: Page, title: string) => eventCards(page).filter({ has: page.getByRole('heading', { name: title }) });
  const attendeesOf = async (card: Locator) => Number(/(\d+) attending/.exec((await card.textContent()) ?? '')?.[1]);

  test('filters events, stores an RSVP (surviving a reload) and cancels it, and downloads a calendar file', async ({ page }) => {
    await signInAsNewPractitioner(page, { name: 'Dr. Event Goer' });
    await page.goto('/community');
    await page.getByRole('tab', { name: 'Events' }).click();
    await expect(page).toHaveURL(/tab=events/);
    await expect(eventCards(page)).toHaveCount(5);

    await page.getByRole('button', { name: /Event type/ }).click();
    await page.getByRole('option', { name: 'Workshop' }).click();
    await expect(eventCards(page)).toHaveCount(2);
    await page.getByRole('button', { name: /Format/ }).click();
    await page.getByRole('option', { name: 'In-Person' }).click();
    await expect(eventCards(page)).toHaveCount(1);

    const card = eventCard(page, 'Acupuncture Point Location Intensive');
    await expect(card).toContainText('Workshop');
    await expect(card).toContainText('American College of TCM, San Francisco, CA');
    await expect(card).toContainText(/\d{1,2}:\d{2} [AP]M - \d{1,2}:\d{2} [AP]M/);
    const before = await attendeesOf(card);
    await card.getByRole('button', { name: 'RSVP to Acupuncture Point Location Intensive' }).click();
    await expect(toast(page, 'RSVP successful!')).toContainText("You'll receive an email with event details.");
    await expect(card).toContainText("You're going");
    await expect.poll(() => attendeesOf(card)).toBe(before + 1);

    await page.reload();
    const reloaded = eventCard(page, 'Acupuncture Point Location Intensive');
    await expect(reloaded).toContainText("You're going");
    await expect.poll(() => attendeesOf(reloaded)).toBe(before + 1);
    await expectNoA11yViolationsInBothThemes(page);

    const download = page.waitForEvent('download');
    await reloaded.getByRole('link', { name: 'Add to calendar: Acupuncture Point Location Intensive' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('acupuncture-point-location-intensive.ics');
    const text = await file.createReadStream().then(async (stream) => {
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      return Buffer.concat(chunks).toString('utf8');
    });
    expect(text).toContain('BEGIN:VCALENDAR');
    expect(text).toContain('SUMMARY:Acupuncture Point Location Intensive');
    expect(text).toMatch(/DTSTART;TZID=America\/Los_Angeles:\d{8}T090000/);
    await expect(toast(page, 'Added to calendar')).toBeVisible();

    await reloaded.getByRole('button', { name: 'Cancel RSVP to Acupuncture Point Location Intensive' }).click();
    await expect(reloaded.getByRole('button', { name: 'RSVP to Acupuncture Point Location Intensive' })).toBeVisible();
    await expect.poll(() => attendeesOf(reloaded)).toBe(before);
  });
});

test.describe('community resources', () => {
  const resourceCards = (page: Page) => page.getByRole('list', { name: 'Resources' }).locator(':scope > li');
  const resourceCard = (page: Page, title: string) => resourceCards(page).filter({ has: page.getByRole('heading', { name: title }) });
  const downloadsOf = async (card: Locator) => Number(/(\d+) downloads/.exec((await card.textContent()) ?? '')?.[1]);

  test('searches, filters by tab and tag, likes, shares a link that opens the resource, and downloads its file', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signInAsNewPractitioner(page, { name: 'Dr. Library Reader' });
    await page.goto('/community?tab=resources');
    await expect(page.getByRole('heading', { name: 'Knowledge Library' })).toBeVisible();
    await expect(resourceCards(page)).toHaveCount(6);

    await page.getByRole('textbox', { name: 'Search resources' }).fill('soap');
    await expect(resourceCards(page)).toHaveCount(1);
    await expect(resourceCard(page, 'Intake and SOAP Note Templates')).toBeVisible();
    await page.getByRole('textbox', { name: 'Search resources' }).fill('no such thing');
    await expect(page.getByRole('heading', { name: 'No resources found' })).toBeVisible();

    await page.getByRole('group', { name: 'Popular tags' }).getByRole('button', { name: 'research' }).click();
    await expect(page.getByRole('textbox', { name: 'Search resources' })).toHaveValue('research');
    await expect(resourceCards(page)).toHaveCount(2);
    await page.getByRole('tab', { name: 'Guidelines' }).click();
    await expect(resourceCards(page)).toHaveCount(1);
    await expect(resourceCard(page, 'Safe Herbal Prescribing Guidelines')).toBeVisible();
    await page.getByRole('textbox', { name: 'Search resources' }).fill('');
    await page.getByRole('tab', { name: 'Other' }).click();
    await expect(resourceCards(page)).toHaveCount(1);
    await expect(resourceCard(page, 'Guided Breathing for Stress (Video Series)')).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);
    await page.getByRole('tab', { name: 'All' }).click();

    const card = resourceCard(page, 'Acupuncture for Chronic Pain: Key Studies');
    const like = card.getByRole('button', { name: /^Like / });
    const likes = await likesOf(like);
    await like.click();
    await expect(toast(page, 'Post liked!')).toBeVisible();
    await expect(like).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => likesOf(like)).toBe(likes + 1);

    const downloads = await downloadsOf(card);
    const download = page.waitForEvent('download');
    await card.getByRole('link', { name: 'Download: Acupuncture for Chronic Pain: Key Studies' }).click();
    expect((await download).suggestedFilename()).toBe('acupuncture-for-chronic-pain-key-studies.md');
    await expect(toast(page, 'Download started')).toBeVisible();
    await expect.poll(() => downloadsOf(card)).toBe(downloads + 1);

    await card.getByRole('button', { name: 'Share: Acupuncture for Chronic Pain: Key Studies' }).click();
    await expect(toast(page, 'Link copied')).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(/\/community\?tab=resources&resource=3$/);

    await page.getByRole('button', { name: 'Submit a Resource' }).click();
    await expect(toast(page, 'Coming soon!')).toBeVisible();

    await page.goto(link);
    await expect(resourceCards(page)).toHaveCount(1);
    const shared = resourceCard(page, 'Acupuncture for Chronic Pain: Key Studies');
    await expect(shared.getByRole('button', { name: /^Like / })).toHaveAttribute('aria-pressed', 'true');
    await page.getByRole('button', { name: 'Show all resources' }).click();
    await expect(resourceCards(page)).toHaveCount(6);
  });
});

test.describe('community members', () => {
  const memberCards = (page: Page) => page.getByRole('list', { name: 'Members' }).locator(':scope > li');
  const memberCard = (page: Page, name: string) => memberCards(page).filter({ has: page.getByRole('heading', { name }) });
  /** The listings this describe published (taken down after each test: the directory counts the spec's five). */
  const published: string[] = [];
  test.afterEach(() => takeDownListings(published));

  test('searches and filters members; Connect is stored per member (sample members answer by themselves) and survives a reload', async ({ page }) => {
    await signInAsNewPractitioner(page, { name: 'Dr. Member Finder' });
    await page.goto('/community');
    await page.getByRole('tab', { name: 'Members' }).click();
    await expect(page).toHaveURL(/tab=members/);
    await expect(memberCards(page)).toHaveCount(5);
    const featured = page.getByRole('region', { name: 'Featured Member' });
    await expect(featured).toContainText('Dr. Aisha Patel');
    await expect(featured).toContainText('Top Contributor 2024');

    const search = page.getByRole('textbox', { name: 'Search members' });
    await search.fill('denver');
    await expect(memberCards(page)).toHaveCount(1);
    await expect(memberCard(page, 'Dr. Michael Okafor')).toContainText('Naturopathic Doctor');
    await search.fill('herbalism');
    await expect(memberCards(page)).toHaveCount(2);
    await search.fill('');
    await page.getByRole('button', { name: /Specialty/ }).click();
    await page.getByRole('option', { name: 'Nutrition' }).click();
    await expect(memberCards(page)).toHaveCount(2);
    await expect(memberCard(page, 'Priya Sharma')).toBeVisible();
    await expect(memberCard(page, 'Grace Kim')).toBeVisible();
    await search.fill('nobody by that name');
    await expect(page.getByRole('heading', { name: 'No members found' })).toBeVisible();
    await search.fill('');
    await page.getByRole('button', { name: /Specialty/ }).click();
    await page.getByRole('option', { name: 'All specialties' }).click();
    await expect(memberCards(page)).toHaveCount(5);

    // Dr. James Chen accepts every request at once; Priya Sharma leaves it pending.
    const james = memberCard(page, 'Dr. James Chen');
    await james.getByRole('button', { name: 'Connect with Dr. James Chen' }).click();
    await expect(toast(page, 'Connection request sent')).toContainText("You'll be notified when they accept.");
    await expect(james.getByRole('button', { name: 'Connected: Dr. James Chen' })).toBeDisabled();
    const priya = memberCard(page, 'Priya Sharma');
    await priya.getByRole('button', { name: 'Connect with Priya Sharma' }).click();
    await expect(priya.getByRole('button', { name: 'Pending: Priya Sharma' })).toBeDisabled();

    await page.reload();
    await expect(memberCard(page, 'Dr. James Chen').getByRole('button', { name: 'Connected: Dr. James Chen' })).toBeDisabled();
    await expect(memberCard(page, 'Priya Sharma').getByRole('button', { name: 'Pending: Priya Sharma' })).toBeDisabled();
    await expect(memberCard(page, 'Grace Kim').getByRole('button', { name: 'Connect with Grace Kim' })).toBeEnabled();

    await memberCard(page, 'Grace Kim').getByRole('button', { name: 'Message Grace Kim' }).click();
    await expect(toast(page, 'Coming soon!')).toBeVisible();
    await expectNoA11yViolationsInBothThemes(page);
  });

  test('a connection requested by one practitioner is accepted by the other in their own browser, and both see Connected', async ({ page, browser }) => {
    const suffix = Date.now().toString(36);
    const inviteeName = `Dr. Rowan Marsh${suffix}`;
    const inviterName = `Dr. Sage Inviter${suffix}`;
    const inviteeContext = await browser.newContext();
    try {
      const inviteePage = await inviteeContext.newPage();
      const invitee = await signInAsNewPractitioner(inviteePage, { name: inviteeName });
      published.push(invitee.practiceId);
      await publishListing(invitee.practiceId, { name: inviteeName, location: 'Boise, ID', specialties: ['ayurveda'] });

      await signInAsNewPractitioner(page, { name: inviterName });
      await page.goto('/community?tab=members');
      await page.getByRole('textbox', { name: 'Search members' }).fill(`marsh${suffix}`);
      const card = memberCard(page, inviteeName);
      await expect(memberCards(page)).toHaveCount(1);
      await expect(card).toContainText('Ayurveda Practitioner');
      await expect(card).toContainText('Boise, ID');
      await card.getByRole('button', { name: `Connect with ${inviteeName}` }).click();
      await expect(toast(page, 'Connection request sent')).toContainText("You'll be notified when they accept.");
      await expect(card.getByRole('button', { name: `Pending: ${inviteeName}` })).toBeDisabled();

      await inviteePage.goto('/community?tab=members');
      const requests = inviteePage.getByRole('region', { name: 'Connection Requests' });
      await expect(requests).toContainText(inviterName);
      await expectNoA11yViolationsInBothThemes(inviteePage);
      await requests.getByRole('button', { name: `Accept ${inviterName}` }).click();
      await expect(toast(inviteePage, 'Connection accepted')).toBeVisible();
      await expect(requests).toHaveCount(0);

      await page.reload();
      await page.getByRole('textbox', { name: 'Search members' }).fill(`marsh${suffix}`);
      await expect(memberCard(page, inviteeName).getByRole('button', { name: `Connected: ${inviteeName}` })).toBeDisabled();
    } finally {
      await inviteeContext.close();
    }
  });
});
