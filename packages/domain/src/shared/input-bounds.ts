/**
 * What the database and the domain can hold, for every procedure input (issue 23, "edges"): a value
 * past these bounds is refused by the input's schema with a field message (400), before it reaches
 * PostgreSQL — never a 500 from an overflowing `bigint`, a year-9999 week or an `OFFSET` too far.
 */

/** Calendar dates any form takes (a schedule day, an appointment, a code's last day): 1900 to 2199. */
export const EARLIEST_INPUT_DATE = '1900-01-01';
export const LATEST_INPUT_DATE = '2199-12-31';
/** Whether a `yyyy-MM-dd` date (or the date part of a datetime-local value) lies within the input range. */
export const isInputDateInRange = (date: string): boolean => {
  const day = date.slice(0, 10);
  return day >= EARLIEST_INPUT_DATE && day <= LATEST_INPUT_DATE;
};

/** The deepest page a paged list answers: far past any real list, far inside what `OFFSET` and JavaScript's integers hold. */
export const MAX_PAGE = 100_000;

/** PostgreSQL's `integer` and `bigint` maxima (a cursor over `bigint` sequences stays within the latter). */
export const PG_INTEGER_MAX = 2_147_483_647;
export const PG_BIGINT_MAX = 9_223_372_036_854_775_807n;

/** The longest e-mail address (RFC 5321's path limit, less the angle brackets). */
export const MAX_EMAIL_LENGTH = 254;

/** The longest page cursor a list answers with (an opaque base64url text of the boundary row's sort key). */
export const MAX_CURSOR_LENGTH = 600;

export const inputBoundMessages = {
  cursor: 'Page link is not valid.',
  dateRange: 'Please enter a date between 1900 and 2199.',
  page: `Page must be a whole number from 1 to ${MAX_PAGE.toLocaleString('en-US')}.`,
} as const;
