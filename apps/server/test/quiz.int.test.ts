import {
  directoryCardOf,
  matchPractitioners,
  normalizeSymptom,
  quizQuestions,
  quizSymptomVocabulary,
  recommendedApproaches,
  type DirectoryProfile,
} from '@wellspring/domain';
import {
  generatePractitioners,
  mulberry32,
  pick,
  profileOfGenerated,
  samplePractitioners,
} from '@wellspring/domain/samples';
import superjson from 'superjson';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSamplePractitioners } from '../src/seed/seed.ts';
import { insertPractitioners, symptomMaskOf } from '../src/repositories/practitioner.repository.ts';
import { createTestDatabase, type TestDatabase } from './support/database.ts';
import { createTestCaller, startTestServer, trpcQuery, type TestServer } from './support/server.ts';

let database: TestDatabase;
const generated = generatePractitioners(2_000, 7).map(profileOfGenerated);
// Symptoms spelled the way people type them: the match compares them normalized.
const untidy: DirectoryProfile = {
  ...profileOfGenerated(generatePractitioners(1, 99)[0] as ReturnType<typeof generatePractitioners>[number]),
  id: 'untidy',
  specialties: ['naturopathy', 'functional_medicine', 'nutrition'],
  commonSymptoms: ['  Bloating', 'FOOD   sensitivities', 'bloating', 'Brain Fog ', 'fatigue', 'Hormonal imbalance', 'indigestion'],
  rating: 4.9,
};
// Same score and rating as another practitioner: the id decides, in code-unit order.
const twins: DirectoryProfile[] = ['Z-twin', 'a-twin', '_-twin'].map((id) => ({ ...untidy, id }));
const everyone: DirectoryProfile[] = [...samplePractitioners, ...generated, untidy, ...twins];

beforeAll(async () => {
  database = await createTestDatabase();
  await seedSamplePractitioners(database.db);
  await insertPractitioners(database.db.pool, [...generated, untidy, ...twins], 500);
  await database.query('ANALYZE practitioner');
});

afterAll(async () => {
  await database?.drop();
});

async function expectReference(answers: string[]): Promise<void> {
  const result = await createTestCaller(database.db).quiz.match({ answers });
  const expected = matchPractitioners(answers, everyone);
  expect(result.approaches).toEqual(recommendedApproaches(answers));
  expect(result.practitioners).toEqual(expected.map((match) => ({ ...directoryCardOf(match.practitioner, null), score: match.score })));
}

describe('quiz.match', () => {
  it('equals the domain reference on the samples and 2,000 generated practitioners', async () => {
    await expectReference(['concern-digestive', 'symptoms-fatigue', 'approach-food', 'style-protocol', 'priority-root-cause']);
    await expectReference(['concern-pain', 'symptoms-headaches', 'approach-hands-on', 'style-sessions', 'priority-balance']);
    await expectReference(['concern-stress', 'symptoms-sleep', 'approach-plants', 'style-whole-body', 'priority-balance']);
    await expectReference(['concern-skin', 'symptoms-immunity', 'approach-gentle', 'style-sessions', 'priority-natural']);
  });

  it('equals the reference with partial answers, a single answer, and none', async () => {
    await expectReference(['concern-energy']);
    await expectReference(['style-protocol']);
    await expectReference(['approach-hands-on', 'priority-eating']);
    await expectReference([]);
  });

  it('breaks ties by rating, then id in code-unit order (normalized symptoms counted once)', async () => {
    const answers = ['concern-digestive', 'symptoms-fatigue', 'approach-testing', 'style-protocol', 'priority-root-cause'];
    const result = await createTestCaller(database.db).quiz.match({ answers });
    expect(result.practitioners.map((p) => p.id)).toEqual(matchPractitioners(answers, everyone).map((m) => m.practitioner.id));
    expect(result.practitioners.map((p) => p.id)).toEqual(['Z-twin', '_-twin', 'a-twin']);
    await expectReference(answers);
  });

  it('equals the reference for 40 random complete sets of answers', async () => {
    const random = mulberry32(4);
    for (let run = 0; run < 40; run += 1) {
      await expectReference(quizQuestions.map((question) => pick(random, question.options).id));
    }
  });

  it('reads symptoms as the bit set of the domain vocabulary, the same in SQL and TypeScript', async () => {
    // Every quiz symptom is a vocabulary word, so the bit set loses none of them.
    const quizWords = quizQuestions.flatMap((question) => question.options.flatMap((option) => option.symptoms.map(normalizeSymptom)));
    expect(quizWords.filter((word) => !(quizSymptomVocabulary as readonly string[]).includes(word))).toEqual([]);
    for (const [index, word] of quizSymptomVocabulary.entries()) {
      const [row] = await database.query<{ mask: number }>('SELECT practitioner_symptom_mask($1::text[]) AS mask', [[word]]);
      expect(row?.mask, word).toBe(1 << index);
      expect(symptomMaskOf([word])).toBe(1 << index);
    }
    const rows = await database.query<{ id: string; symptom_mask: number }>('SELECT id, symptom_mask FROM practitioner');
    const byId = new Map(everyone.map((practitioner) => [practitioner.id, practitioner]));
    const mismatched = rows.filter((row) => row.symptom_mask !== symptomMaskOf(byId.get(row.id)?.commonSymptoms ?? []));
    expect(rows.length).toBe(everyone.length);
    expect(mismatched).toEqual([]);
  });

  it('answers unknown options with 400 over HTTP', async () => {
    const server: TestServer = await startTestServer(database.db);
    try {
      const response = await trpcQuery(server, `quiz.match?input=${encodeURIComponent(JSON.stringify(superjson.serialize({ answers: ['nope'] })))}`);
      expect(response.status).toBe(400);
      expect(response.error?.message).toBe('Unknown quiz answer: nope');
    } finally {
      await server.close();
    }
  });
});
