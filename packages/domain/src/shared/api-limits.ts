/**
 * Calls one request to the API may batch. The server refuses a larger batch (400), so one request
 * cannot run an unbounded number of procedures (500 password checks, say); the web client's batch
 * link splits its calls at the same number.
 */
export const API_MAX_BATCH_SIZE = 10;
