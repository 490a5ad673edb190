/**
 * "1 review", "12 reviews": a count with its noun in the right number (English, so one is the
 * only singular). The plural is the noun plus "s" unless given.
 */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
