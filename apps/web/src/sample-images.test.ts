/**
 * Every image the domain's samples point at is a real, small SVG under public/, with a title; some
 * people of each kind have none, so the initials fallback still shows.
 */
import fs from 'node:fs';
import path from 'node:path';
import { buildSamples, SAMPLE_TODAY } from '@wellspring/domain/samples';
import { describe, expect, it } from 'vitest';

const publicDir = path.resolve(import.meta.dirname, '../public');
const samples = buildSamples(SAMPLE_TODAY);

const peopleImages = {
  practitioners: samples.practitioners.map((p) => p.profileImage),
  previewPractitioners: samples.previewPractitioners.map((p) => p.image),
  members: samples.members.map((m) => m.avatarImage),
  forumAuthors: samples.forumTopics.map((t) => t.authorImage),
};

describe('sample images', () => {
  const referenced = [...Object.values(peopleImages).flat(), ...samples.events.map((e) => e.image)].filter((src): src is string => src !== null);

  it.each([...new Set(referenced)])('%s is a small SVG in public/', (src) => {
    expect(src).toMatch(/^\/images\/[a-z-]+\/[a-z0-9-]+\.svg$/);
    const file = path.join(publicDir, src);
    expect(fs.existsSync(file)).toBe(true);
    expect(fs.statSync(file).size).toBeLessThan(8_000);
    const document = new DOMParser().parseFromString(fs.readFileSync(file, 'utf8'), 'image/svg+xml');
    expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(document.documentElement.tagName).toBe('svg');
    expect(document.documentElement.getAttribute('viewBox')).toMatch(/^0 0 \d+ \d+$/);
    expect(document.querySelector('title')?.textContent?.trim()).not.toBe('');
  });

  it('gives every event an image, and some people of each kind none (initials)', () => {
    expect(samples.events.every((e) => e.image.endsWith('.svg'))).toBe(true);
    for (const images of Object.values(peopleImages)) {
      expect(images.some((src) => src !== null)).toBe(true);
      expect(images.some((src) => src === null)).toBe(true);
    }
  });
});
