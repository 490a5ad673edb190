/** What `lib/lazy-api` loads on demand: the page-wide tRPC client and the reading of its errors. */
export { apiClient } from './api.tsx';
export { apiErrorCode, apiFieldErrors } from './api-errors.ts';
