/**
 * `@wellspring/domain/samples`: the spec's sample data and the seeded generator (docs/architecture.md#domain-core), the
 * floor above the domain's areas. The server's seeds, the tests, the benchmarks and the web's
 * sample screens import it; nothing in the domain's areas does, and the main entry does not export it.
 */
export * from './sample-dates.ts';
export * from './preview-practitioners.ts';
export * from './demo-account.ts';
export * from './demo-practice.ts';
export * from './practitioners.ts';
export * from './patients.ts';
export * from './appointments.ts';
export * from './community.ts';
export * from './referrals.ts';
export * from './build-samples.ts';
export * from './prng.ts';
export * from './generator.ts';
export * from './demo-directory.ts';
