import { formatUsShortDate } from '@wellspring/domain';

const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Dates on the profile in US short format (docs/product.md#formats). */
export const formatDate = (date: string): string => formatUsShortDate(date, timeZone);
