/**
 * The quiz match (docs/product.md#quiz) over every practitioner in the database, in one SQL statement that gives
 * exactly the domain's `matchPractitioners` (quiz/quiz.scoring.ts): score = 3 × shared recommended
 * approaches + 2 × shared distinct symptoms (normalized at write time into
 * `common_symptoms_normalized`, and as a bit set over the quiz vocabulary in `symptom_mask`), only practitioners sharing an approach, top 3 by score desc, rating
 * desc, id in code-unit order.
 *
 * Scoring every sharing practitioner (most of the directory) costs a scan, so the statement prunes
 * with a bound (the threshold idea of top-k retrieval), reading only the covering index
 * `practitioner_quiz_idx` (specialty_mask, bit_count(symptom_mask)) INCLUDE
 * (symptom_mask, rating, id) — index-only, no heap page until the 3 cards:
 * 1. `full_match`: practitioners with every recommended approach (their specialty bit sets are the
 *    supersets of the approaches' set: `specialty_mask = ANY($masks)`), scored; its 3rd best score
 *    is the bar.
 * 2. one level per smaller number of shared approaches a (|A| - 1 down to 1): the bit sets sharing
 *    exactly a approaches are enumerated here (at most 127), so the score's 3a is a constant; a
 *    practitioner of the level scores at most 3a + 2 × min(their vocabulary symptom count, |Q|), so only
 *    those whose bound reaches the bar can enter (or tie into) the top 3: that count must reach
 *    ceil((bar - 3a) / 2), the index's second column. With fewer than 3 full matches the bar is 0
 *    and every sharing practitioner is scored.
 * The top 3 of the union is the answer.
 */
import {
  MATCHED_PRACTITIONERS,
  quizSymptoms,
  recommendedApproaches,
  SHARED_SPECIALTY_POINTS,
  SHARED_SYMPTOM_POINTS,
  type QuizAnswers,
  type QuizMatchResult,
  specialties,
  type Specialty,
} from '@wellspring/domain';
import type { Database } from '../db/client.ts';
import { DIRECTORY_CARD_COLUMNS, directoryCardFromRow, preparedStatementName, specialtyMaskOf, symptomMaskOf, type DirectoryCardRow } from './practitioner.repository.ts';

export interface QuizMatchSql {
  readonly approaches: Specialty[];
  readonly text: string;
  readonly values: unknown[];
}

const bitCount = (mask: number): number => {
  let count = 0;
  for (let rest = mask; rest !== 0; rest &= rest - 1) count += 1;
  return count;
};

/** The specialty bit sets (`specialty_mask`, see specialtyMaskOf) that share exactly `shared` of `approaches`. */
function masksSharing(approaches: number, shared: number): number[] {
  return Array.from({ length: 1 << specialties.length }, (_, mask) => mask).filter((mask) => bitCount(mask & approaches) === shared);
}

/** The statement for a set of answers (exported for the bench and EXPLAIN); null when no approach results. */
export function buildQuizMatchSql(answers: QuizAnswers): QuizMatchSql | null {
  const approaches = recommendedApproaches(answers);
  if (approaches.length === 0) return null;
  const symptoms = quizSymptoms(answers);
  const values: unknown[] = [];
  const param = (value: unknown): string => {
    values.push(value);
    return `$${values.length}`;
  };
  const approachesMask = specialtyMaskOf(approaches);
  // Shared symptoms: the practitioner's vocabulary bit set AND the quiz's, counted.
  const sharedSymptoms = symptoms.length === 0 ? '0' : `bit_count((p.symptom_mask & ${param(symptomMaskOf(symptoms))}::int)::bit(32))::int`;
  const order = `score DESC, rating DESC, id COLLATE "C" ASC`;
  // Practitioners sharing exactly `shared` approaches score at most 3·shared + 2·min(vocabulary symptoms, |Q|).
  const level = (shared: number) => `
      (SELECT p.id, p.rating, ${SHARED_SPECIALTY_POINTS * shared} + ${SHARED_SYMPTOM_POINTS} * ${sharedSymptoms} AS score
      FROM practitioner p
      WHERE p.specialty_mask = ANY(${param(masksSharing(approachesMask, shared))}::smallint[])
        AND bit_count(p.symptom_mask::bit(32)) >= (SELECT ceil((score - ${SHARED_SPECIALTY_POINTS * shared}) / ${SHARED_SYMPTOM_POINTS}.0)::int FROM bar)
        AND (SELECT ${SHARED_SPECIALTY_POINTS * shared + SHARED_SYMPTOM_POINTS * symptoms.length} >= score FROM bar)
      ORDER BY ${order} LIMIT ${MATCHED_PRACTITIONERS})`;
  const fullMatchMasks = param(masksSharing(approachesMask, approaches.length));
  const levels = Array.from({ length: approaches.length - 1 }, (_, index) => level(approaches.length - 1 - index));
  const text = `
    WITH full_match AS (
      SELECT p.id, p.rating, ${SHARED_SPECIALTY_POINTS * approaches.length} + ${SHARED_SYMPTOM_POINTS} * ${sharedSymptoms} AS score
      FROM practitioner p
      WHERE p.specialty_mask = ANY(${fullMatchMasks}::smallint[])
      ORDER BY ${order} LIMIT ${MATCHED_PRACTITIONERS}
    ), bar AS (
      SELECT CASE WHEN count(*) < ${MATCHED_PRACTITIONERS} THEN 0 ELSE min(score) END AS score FROM full_match
    ), best AS (
      SELECT * FROM (SELECT * FROM full_match${levels.map((sql) => `\n      UNION ALL ${sql}`).join('')}) candidates
      ORDER BY ${order} LIMIT ${MATCHED_PRACTITIONERS}
    )
    SELECT b.score, ${DIRECTORY_CARD_COLUMNS}
    FROM best b JOIN practitioner p ON p.id = b.id
    ORDER BY b.score DESC, b.rating DESC, b.id COLLATE "C" ASC`;
  return { approaches, text, values };
}

export async function matchPractitionersInDatabase(db: Database, answers: QuizAnswers): Promise<QuizMatchResult> {
  const sql = buildQuizMatchSql(answers);
  if (!sql) return { approaches: [], practitioners: [] };
  const { rows } = await db.pool.query<DirectoryCardRow & { score: number }>({ name: preparedStatementName(sql.text), text: sql.text, values: sql.values });
  return {
    approaches: sql.approaches,
    practitioners: rows.map((row) => ({ ...directoryCardFromRow(row, null), score: row.score })),
  };
}
