import { describe, expect, it } from 'vitest';
import { specialties } from '../catalog/specialties.ts';
import { matchPractitioners } from '../quiz/quiz.scoring.ts';
import { generateAppointments, generatePatients, generatePractitioners } from './generator.ts';
import { mulberry32, pick, pickDistinct, randomInt } from './prng.ts';
import { usCities } from './us-cities.ts';

describe('prng', () => {
  it('is deterministic per seed', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const xs = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(xs);
    expect(xs.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(mulberry32(43)()).not.toBe(xs[0]);
  });

  it('picks within bounds', () => {
    const random = mulberry32(1);
    for (let i = 0; i < 200; i += 1) {
      const n = randomInt(random, 3, 5);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(5);
      const distinct = pickDistinct(random, ['a', 'b', 'c', 'd'], 3);
      expect(new Set(distinct).size).toBe(3);
    }
    expect(pickDistinct(random, ['a'], 5)).toEqual(['a']);
    expect(() => pick(random, [])).toThrow(RangeError);
  });
});

describe('generator', () => {
  it('makes the same practitioners from the same seed', () => {
    expect(generatePractitioners(50, 7)).toEqual(generatePractitioners(50, 7));
    expect(generatePractitioners(50, 8)).not.toEqual(generatePractitioners(50, 7));
    expect(generatePractitioners(3, 7)).toEqual(generatePractitioners(50, 7).slice(0, 3));
  });

  it('makes plausible practitioners near 50 real cities', () => {
    expect(usCities).toHaveLength(50);
    const practitioners = generatePractitioners(2000, 1);
    expect(new Set(practitioners.map((p) => p.id)).size).toBe(2000);
    expect(practitioners[0]?.id).toBe('gen-p-000001');
    for (const p of practitioners) {
      const city = usCities.find((c) => c.city === p.city && c.state === p.state);
      expect(city).toBeDefined();
      expect(Math.abs(p.lat - (city?.lat ?? 0))).toBeLessThanOrEqual(0.15);
      expect(Math.abs(p.lng - (city?.lng ?? 0))).toBeLessThanOrEqual(0.15);
      expect(p.specialties.length).toBeGreaterThanOrEqual(1);
      for (const s of p.specialties) expect(specialties).toContain(s);
      expect(p.rating).toBeGreaterThanOrEqual(3.5);
      expect(p.rating).toBeLessThanOrEqual(5);
      expect(p.acceptsInsurance).toBe(p.insuranceList.length > 0);
    }
    expect(new Set(practitioners.map((p) => p.city)).size).toBe(50);
  });

  it('makes 100,000 practitioners quickly, usable by the quiz', () => {
    const started = Date.now();
    const many = generatePractitioners(100_000, 2025);
    expect(many).toHaveLength(100_000);
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(matchPractitioners(['concern-pain', 'symptoms-headaches'], many)).toHaveLength(3);
  });

  it('makes patients and appointments deterministically', () => {
    const patients = generatePatients(100, 3);
    expect(generatePatients(100, 3)).toEqual(patients);
    expect(new Set(patients.map((p) => p.email)).size).toBe(100);
    const options = { patientIds: patients.map((p) => p.id), today: '2025-06-16' };
    const appointments = generateAppointments(500, 4, options);
    expect(generateAppointments(500, 4, options)).toEqual(appointments);
    for (const a of appointments) {
      expect(options.patientIds).toContain(a.patientId);
      const past = a.startsAt < '2025-06-16';
      expect(past ? ['completed', 'cancelled'] : ['scheduled', 'confirmed', 'cancelled']).toContain(a.status);
    }
    expect(generateAppointments(10, 4, { ...options, windowDays: 0 }).every((a) => a.startsAt.startsWith('2025-06-16'))).toBe(true);
  });
});
