/** `text` as an ILIKE pattern that matches it anywhere, its own `%`, `_` and `\` taken literally. */
export const likePattern = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
