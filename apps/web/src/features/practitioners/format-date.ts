import { formatUsShortDate } from '@wellspring/domain';

const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Dates on the profile in US short format (SPEC §9: "Dates elsewhere in US short format"). */
export const formatDate = (date: string): string => formatUsShortDate(date, timeZone);
