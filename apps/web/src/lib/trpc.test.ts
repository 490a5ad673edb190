import { TRPCClientError } from '@trpc/client';
import type { JoinWaitlistInput } from '@wellspring/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { conflict, LostAnswer, serverError, stubApi, type ApiRequest } from '../test/api-stub.ts';
import { createApiClient, MUTATION_RETRY_DELAYS_MS } from './trpc.ts';

const avery: JoinWaitlistInput = { name: 'Avery Patient', email: 'avery@example.com', type: 'patient' };
const joined = { id: 'w1' };
// What the server accepts (apps/server/src/trpc/trpc.ts): 8 to 128 visible ASCII characters.
const SERVER_KEY_PATTERN = /^[\x21-\x7e]{8,128}$/;

const joinRequests = (requests: readonly ApiRequest[]) => requests.filter((request) => request.path === 'waitlist.join');
const keysOf = (requests: readonly ApiRequest[]) => joinRequests(requests).map((request) => request.idempotencyKey);

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the API client’s idempotency keys (issue 23, item 8)', () => {
  it('sends a mutation on its own request with an Idempotency-Key header; queries stay batched, without one', async () => {
    const { requests, fetchStub } = stubApi({ 'waitlist.join': () => joined, 'auth.me': () => ({ user: null }) });
    const client = createApiClient();

    await expect(client.waitlist.join.mutate(avery)).resolves.toEqual(joined);
    await client.auth.me.query();

    const [join] = joinRequests(requests);
    expect(join?.input).toEqual(avery);
    expect(join?.idempotencyKey).toMatch(SERVER_KEY_PATTERN);
    const joinUrl = String(fetchStub.mock.calls[0]?.[0]);
    expect(joinUrl).toBe('/api/trpc/waitlist.join');
    expect(requests.find((request) => request.path === 'auth.me')?.idempotencyKey).toBeUndefined();
    expect(String(fetchStub.mock.calls[1]?.[0])).toContain('batch=1');
  });

  it('gives each submission its own key, even with the same input', async () => {
    const { requests } = stubApi({ 'waitlist.join': () => joined });
    const client = createApiClient();

    await client.waitlist.join.mutate(avery);
    await client.waitlist.join.mutate(avery);

    const [first, second] = keysOf(requests);
    expect(first).toMatch(SERVER_KEY_PATTERN);
    expect(second).toMatch(SERVER_KEY_PATTERN);
    expect(first).not.toBe(second);
  });

  it('sends a submission whose answer was lost again, with the same key, and gives the retry’s answer', async () => {
    let attempts = 0;
    const { requests } = stubApi({
      'waitlist.join': () => {
        attempts += 1;
        if (attempts === 1) throw new LostAnswer();
        return joined;
      },
    });

    await expect(createApiClient().waitlist.join.mutate(avery)).resolves.toEqual(joined);

    const keys = keysOf(requests);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toMatch(SERVER_KEY_PATTERN);
    expect(keys[1]).toBe(keys[0]);
  });

  it(`stops after ${MUTATION_RETRY_DELAYS_MS.length} retries when no answer comes, all with the one key`, async () => {
    const { requests } = stubApi({
      'waitlist.join': () => {
        throw new LostAnswer();
      },
    });

    const failure: unknown = await createApiClient().waitlist.join.mutate(avery).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(TRPCClientError);
    const keys = keysOf(requests);
    expect(keys).toHaveLength(1 + MUTATION_RETRY_DELAYS_MS.length);
    expect(new Set(keys).size).toBe(1);
  });

  it('does not send again a submission the server answered, even with an error', async () => {
    for (const refusal of [conflict('This email is already on our waitlist.'), serverError()]) {
      const { requests } = stubApi({
        'waitlist.join': () => {
          throw refusal;
        },
      });
      await expect(createApiClient().waitlist.join.mutate(avery)).rejects.toThrow(refusal.message);
      expect(joinRequests(requests)).toHaveLength(1);
    }
  });

  it('leaves the retry of a query to React Query', async () => {
    const { requests } = stubApi({
      'auth.me': () => {
        throw new LostAnswer();
      },
    });
    await expect(createApiClient().auth.me.query()).rejects.toBeInstanceOf(TRPCClientError);
    expect(requests.filter((request) => request.path === 'auth.me')).toHaveLength(1);
  });
});
