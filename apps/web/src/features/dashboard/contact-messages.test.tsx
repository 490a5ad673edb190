import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouterOutputs } from '@wellspring/server/router';
import { describe, expect, it } from 'vitest';
import { ApiProvider } from '../../lib/api.tsx';
import { serverError, stubApi } from '../../test/api-stub.ts';
import { renderWithProviders } from '../../test/render.tsx';
import { ContactMessagesSection } from './contact-messages.tsx';

type Listed = RouterOutputs['contactMessages']['list'];
type Message = Listed['messages'][number];

const message = (fields: Partial<Message> & Pick<Message, 'id' | 'senderName'>): Message => ({
  senderEmail: `${fields.id}@example.com`,
  senderPhone: '',
  message: 'I would like to book a first visit.',
  sentAt: '2026-03-02T17:30:00.000Z',
  readAt: null,
  ...fields,
});

function renderMessages(list: () => Listed | Promise<Listed>, markRead: (id: string) => void = () => undefined) {
  const api = stubApi({
    'contactMessages.list': list,
    'contactMessages.markRead': (input) => {
      const { id } = input as { id: string };
      markRead(id);
      return { id, read: true };
    },
  });
  renderWithProviders(
    <ApiProvider>
      <ContactMessagesSection />
    </ApiProvider>,
    { path: '/dashboard' },
  );
  return api;
}

describe('messages from the profile on the dashboard', { timeout: 15_000 }, () => {
  it('lists the messages newest first as the server orders them, with the unread count; opening an unread one shows it and marks it read', async () => {
    const messages = [
      message({ id: 'm2', senderName: 'Grace Hopper', senderPhone: '(503) 555-0142', message: 'Do you treat migraines?\nMornings suit me.', sentAt: '2026-03-03T16:05:00.000Z' }),
      message({ id: 'm1', senderName: 'Ada Lovelace', readAt: '2026-03-02T18:00:00.000Z' }),
    ];
    const { calls } = renderMessages(
      () => ({ messages, total: 2, unread: messages.filter((m) => m.readAt === null).length, timeZone: 'America/Los_Angeles' }),
      (id) => {
        const index = messages.findIndex((m) => m.id === id);
        messages[index] = { ...messages[index]!, readAt: '2026-03-03T17:00:00.000Z' };
      },
    );
    const user = userEvent.setup();

    expect(await screen.findByText('2 messages, 1 unread')).toBeTruthy();
    const heading = screen.getByRole('heading', { level: 2, name: /Messages from Your Profile/ });
    expect(heading.textContent).toBe('Messages from Your Profile1 unread');
    const rows = within(screen.getByRole('list', { name: 'Messages, newest first' })).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Grace HopperNewMarch 3, 2026 at 8:05 AM'),
      expect.stringContaining('Ada LovelaceMarch 2, 2026 at 9:30 AM'),
    ]);

    await user.click(screen.getByRole('button', { name: 'Open message from Grace Hopper (unread)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Message from Grace Hopper' });
    expect(within(dialog).getByText(/Do you treat migraines\?/).textContent).toBe('Do you treat migraines?\nMornings suit me.');
    expect(within(dialog).getByRole('link', { name: 'm2@example.com' }).getAttribute('href')).toBe('mailto:m2@example.com');
    expect(within(dialog).getByRole('link', { name: '(503) 555-0142' }).getAttribute('href')).toBe('tel:5035550142');
    await waitFor(() => expect(calls.filter((call) => call.path === 'contactMessages.markRead').map((call) => call.input)).toEqual([{ id: 'm2' }]));

    // The list is read again once it is marked: the server now counts none unread.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(screen.getByText('2 messages, 0 unread')).toBeTruthy());
    expect(heading.textContent).not.toContain('unread');

    // A read message opens without being marked again.
    await user.click(screen.getByRole('button', { name: 'Open message from Ada Lovelace' }));
    await screen.findByRole('dialog', { name: 'Message from Ada Lovelace' });
    expect(calls.filter((call) => call.path === 'contactMessages.markRead')).toHaveLength(1);
  });

  it('says when there are no messages yet', async () => {
    renderMessages(() => ({ messages: [], total: 0, unread: 0, timeZone: 'UTC' }));
    expect(await screen.findByRole('heading', { name: 'No messages yet' })).toBeTruthy();
  });

  it('offers to try again when the list fails', async () => {
    renderMessages(() => {
      throw serverError();
    });
    expect((await screen.findByRole('alert', {}, { timeout: 8_000 })).textContent).toContain('Failed to load your messages. Please try again.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
