/**
 * The product spec's standard retry mode, written out rather than imported so the
 * tests hold each retry policy against the spec and not against itself.
 */
export const SPEC_STANDARD_RETRY = {
  maxAttempts: 3,
  baseDelayMs: 100,
  throttlingBaseDelayMs: 500,
  maxDelayMs: 20_000,
  budget: 500,
  retryCost: 5,
  transientRetryCost: 10,
};
