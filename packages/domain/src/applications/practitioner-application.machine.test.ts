import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkMachineLaws } from '../shared/machine.testkit.ts';
import {
  applicationEventSchema,
  applicationSubmittedEventSchema,
  decideApplication,
  evolveApplication,
  initialApplication,
  type ApplicationCommand,
  type ApplicationState,
} from './practitioner-application.machine.ts';
import { buildApplicationSubmission, practitionerApplicationSchema } from './practitioner-application.schema.ts';

const submission = buildApplicationSubmission(
  practitionerApplicationSchema.parse({
    name: 'Jane Doe',
    email: 'jane@example.com',
    phone: '5035550142',
    specialties: 'Acupuncture',
    experience: '6-10',
    acceptTerms: true,
  }),
  { receiverEmail: 'team@wellspring.test', submittedAt: new Date('2025-06-16T12:00:00Z'), source: 'https://wellspring.test' },
);
const submit: ApplicationCommand = { kind: 'Submit', id: 'app1', submission };
const at = new Date('2025-06-16T12:05:00Z');

function run(...commands: ApplicationCommand[]): ApplicationState {
  return commands.reduce<ApplicationState>((state, command) => {
    const decision = decideApplication(state, command);
    if (!decision.ok) throw new Error(decision.error.message);
    return decision.events.reduce(evolveApplication, state);
  }, initialApplication);
}

describe('practitioner application machine', () => {
  it('is submitted, then relayed', () => {
    expect(run(submit)).toMatchObject({ status: 'submitted', attempts: 0 });
    expect(run(submit, { kind: 'RecordRelaySuccess', at })).toMatchObject({ status: 'relayed', attempts: 1, relayedAt: at.toISOString() });
  });

  it('records failures and a later successful retry', () => {
    const failed = run(submit, { kind: 'RecordRelayFailure', at, reason: 'HTTP 502' }, { kind: 'RecordRelayFailure', at, reason: 'timeout' });
    expect(failed).toMatchObject({ status: 'relay_failed', attempts: 2, lastError: 'timeout' });
    expect(run(submit, { kind: 'RecordRelayFailure', at, reason: 'HTTP 502' }, { kind: 'RecordRelaySuccess', at })).toMatchObject({ status: 'relayed', attempts: 2 });
  });

  it('rejects what does not fit', () => {
    expect(decideApplication(initialApplication, { kind: 'RecordRelaySuccess', at })).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(decideApplication(run(submit), submit)).toMatchObject({ ok: false, error: { code: 'CONFLICT' } });
    const relayed = run(submit, { kind: 'RecordRelaySuccess', at });
    expect(decideApplication(relayed, { kind: 'RecordRelayFailure', at, reason: 'x' })).toMatchObject({ ok: false, error: { code: 'INVALID_TRANSITION' } });
    expect(evolveApplication(initialApplication, { type: 'ApplicationRelayed', id: 'x', at: '', attempt: 1 })).toBe(initialApplication);
  });

  it('reads a stored ApplicationSubmitted payload back with its schema, and nothing else', () => {
    const decision = decideApplication(initialApplication, submit);
    const stored: unknown = JSON.parse(JSON.stringify(decision.ok ? decision.events[0] : null));
    expect(applicationSubmittedEventSchema.parse(stored)).toEqual({ type: 'ApplicationSubmitted', id: 'app1', submission });
    const body = (stored as { submission: Record<string, unknown> }).submission;
    const accepts = (submissionPatch: Record<string, unknown>, event: Record<string, unknown> = {}) =>
      applicationSubmittedEventSchema.safeParse({ ...(stored as object), ...event, submission: { ...body, ...submissionPatch } }).success;
    expect(accepts({})).toBe(true);
    expect(accepts({ formType: 'practitioner_quick' })).toBe(false);
    expect(accepts({ timestamp: 'yesterday' })).toBe(false);
    expect(accepts({ acceptTerms: false })).toBe(false);
    expect(accepts({ experience: '7' })).toBe(false);
    expect(accepts({ receiverEmail: undefined })).toBe(false);
    expect(accepts({}, { type: 'InviteSent' })).toBe(false);
    expect(accepts({}, { id: '' })).toBe(false);
    expect(applicationSubmittedEventSchema.safeParse({ submission: body }).success).toBe(false);
  });

  it('obeys the machine laws', () => {
    const command = fc.oneof(
      fc.constant(submit),
      fc.constant<ApplicationCommand>({ kind: 'RecordRelaySuccess', at }),
      fc.string({ maxLength: 5 }).map<ApplicationCommand>((reason) => ({ kind: 'RecordRelayFailure', at, reason })),
    );
    checkMachineLaws({
      initial: initialApplication,
      decide: (state, cmd: ApplicationCommand) => decideApplication(state, cmd),
      evolve: evolveApplication,
      step: command.map((cmd) => ({ command: cmd, context: undefined })),
      eventSchema: applicationEventSchema,
      isValid: (state) => state.status === 'absent' || (['submitted', 'relayed', 'relay_failed'].includes(state.status) && (state.status === 'submitted') === (state.attempts === 0)),
    });
  });
});
