export * from './shared/decision.ts';
export * from './waitlist/waitlist.schema.ts';
export * from './waitlist/waitlist.messages.ts';
export * from './waitlist/waitlist.machine.ts';
export * from './auth/auth.schema.ts';
