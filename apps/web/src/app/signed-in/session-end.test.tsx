import { useMutation, useQueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Route, Router, Switch } from 'wouter';
import { memoryLocation } from 'wouter/memory-location';
import { z } from 'zod';
import { AppProviders } from '../providers.tsx';
import { ApiProvider } from '../../lib/api.tsx';
import { rememberSignedInUser } from '../../lib/session-guard.ts';
import { useTRPC } from '../../lib/trpc.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { ApiError, stubApi } from '../../test/api-stub.ts';
import { renderApp } from '../../test/render.tsx';
import { Button } from '../../ui/button/button.tsx';
import { Form } from '../../ui/form/form.tsx';
import { TextField } from '../../ui/text-field/text-field.tsx';
import { DashboardPage } from '../../features/dashboard/dashboard.page.tsx';
import { SESSION_ENDED_NOTICE, SignInPage } from '../../features/auth/sign-in.page.tsx';
import { useSession } from '../../lib/use-session.ts';
import type { SignedInRouteEntry } from '../route-entry.ts';
import { SignedInRoutes } from './signed-in-routes.tsx';

const robin = { id: 'u1', name: 'Dr. Robin Vale', email: 'robin@example.com' };
const unauthorized = () => Promise.reject(new ApiError({ code: 'UNAUTHORIZED', httpStatus: 401, message: 'Please sign in to continue.' }));

/** Reads `/login?...` of the last navigation. */
const lastSearch = (history: string[] | undefined) => new URLSearchParams(history?.at(-1)?.split('?')[1] ?? '');

const noteSchema = z.object({ subjective: z.string().min(1, 'Please write the subjective part.') });

/**
 * A signed-in practice form, as later issues will build them: `draft` is the only thing a page adds
 * to keep what was typed across an ended session. "Save" goes to an authed procedure.
 */
function NotePage() {
  const trpc = useTRPC();
  const session = useSession();
  const save = useMutation(trpc.favorites.set.mutationOptions());
  const form = useZodForm(noteSchema, { subjective: '' }, { draft: 'soap-note' });
  if (!session.data?.user) return <p>Loading note</p>;
  return (
    <Form
      aria-label="Clinical note"
      onSubmit={(event) => {
        event.preventDefault();
        void form.validate().then((input) => {
          if (input) save.mutate({ practitionerId: '1', favorite: true }, { onSuccess: () => form.reset() });
        });
      }}
    >
      <TextField label="Subjective" rows={3} {...form.textField('subjective')} />
      <Button type="submit">Save note</Button>
    </Form>
  );
}

const practiceRoutes: readonly SignedInRouteEntry[] = [
  { path: '/dashboard', screen: DashboardPage, visitor: 'login-prompt' },
  { path: '/dashboard/patients/:id', screen: NotePage, visitor: 'sign-in' },
];

function renderPractice(path: string) {
  const location = memoryLocation({ path, record: true });
  render(
    <Router hook={location.hook}>
      <AppProviders>
        <Switch>
          <Route path="/login" component={SignInPage} />
          <Route path="/dashboard">
            <SignedInRoutes routes={practiceRoutes} visitor="login-prompt" />
          </Route>
          <Route path="/dashboard/patients/:id">
            <SignedInRoutes routes={practiceRoutes} visitor="sign-in" />
          </Route>
        </Switch>
      </AppProviders>
    </Router>,
  );
  return location;
}

async function signInAgain(events: ReturnType<typeof userEvent.setup>) {
  await events.type(screen.getByLabelText('Email'), robin.email);
  await events.type(screen.getByLabelText('Password'), 'correct horse battery');
  await events.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('a session that ends on a signed-in page', () => {
  it('sends the user to sign in with a note when auth.me no longer has them, then back to the page', async () => {
    let signedIn = true;
    stubApi({
      'auth.me': () => ({ user: signedIn ? robin : null }),
      'auth.signIn': () => {
        signedIn = true;
        return { status: 'signed-in', user: robin };
      },
    });
    const events = userEvent.setup();
    const location = renderPractice('/dashboard?view=week');
    expect(await screen.findByRole('heading', { name: 'Welcome back, Dr. Robin Vale' })).toBeTruthy();

    // The server ended the session (idle limit); the next look at the session finds no user.
    signedIn = false;
    const { queryClient } = await import('../../lib/api.tsx');
    await queryClient.invalidateQueries();

    expect((await screen.findByRole('status')).textContent).toBe(SESSION_ENDED_NOTICE);
    expect(lastSearch(location.history).get('next')).toBe('/dashboard?view=week');
    expect(screen.getByRole('heading', { name: 'Welcome back' })).toBeTruthy();

    await signInAgain(events);
    await vi.waitFor(() => expect(location.history?.at(-1)).toBe('/dashboard?view=week'));
    expect(await screen.findByRole('heading', { name: 'Welcome back, Dr. Robin Vale' })).toBeTruthy();
  });

  it('keeps what was typed in a practice form: a save refused with 401 leads to sign-in and back, the text still there', async () => {
    let signedIn = true;
    stubApi({
      'auth.me': () => ({ user: signedIn ? robin : null }),
      'favorites.set': () => (signedIn ? { practitionerId: '1', favorite: true } : unauthorized()),
      'auth.signIn': () => {
        signedIn = true;
        return { status: 'signed-in', user: robin };
      },
    });
    const events = userEvent.setup();
    const location = renderPractice('/dashboard/patients/7?tab=notes');
    await events.type(await screen.findByLabelText('Subjective'), 'Headache for three days');

    signedIn = false;
    await events.click(screen.getByRole('button', { name: 'Save note' }));

    expect((await screen.findByRole('status')).textContent).toBe(SESSION_ENDED_NOTICE);
    expect(lastSearch(location.history).get('next')).toBe('/dashboard/patients/7?tab=notes');
    expect(screen.queryByLabelText('Subjective')).toBeNull();

    await signInAgain(events);
    await vi.waitFor(() => expect(location.history?.at(-1)).toBe('/dashboard/patients/7?tab=notes'));
    const note = (await screen.findByLabelText('Subjective')) as HTMLTextAreaElement;
    expect(note.value).toBe('Headache for three days');

    // Saved this time: the draft is gone, the form is empty.
    await events.click(screen.getByRole('button', { name: 'Save note' }));
    await vi.waitFor(() => expect(note.value).toBe(''));
    expect(Object.keys(window.sessionStorage).filter((key) => key.startsWith('wellspring.draft:'))).toEqual([]);
  });

  it('does not send a visitor who was never signed in anywhere on a 401', async () => {
    stubApi({ 'auth.me': () => ({ user: null }), 'favorites.ids': unauthorized });
    function Probe() {
      const trpc = useTRPC();
      const queryClient = useQueryClient();
      return <Button onPress={() => void queryClient.fetchQuery(trpc.favorites.ids.queryOptions()).catch(() => undefined)}>Load favorites</Button>;
    }
    const events = userEvent.setup();
    const location = memoryLocation({ path: '/search', record: true });
    render(
      <Router hook={location.hook}>
        <AppProviders>
          <ApiProvider>
            <Probe />
          </ApiProvider>
        </AppProviders>
      </Router>,
    );
    await events.click(screen.getByRole('button', { name: 'Load favorites' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(location.history).toEqual(['/search']);
  });

  it('treats signing out as no ended session, and discards the drafts', async () => {
    let signedIn = true;
    stubApi({
      'auth.me': () => ({ user: signedIn ? robin : null }),
      'auth.signOut': () => {
        signedIn = false;
        return { ok: true };
      },
    });
    rememberSignedInUser(robin.id);
    window.sessionStorage.setItem(`wellspring.draft:${robin.id}:/dashboard/patients/7#soap-note`, JSON.stringify({ subjective: 'private' }));
    const events = userEvent.setup();
    const { location } = renderApp({ path: '/dashboard' });

    await events.click(await screen.findByRole('button', { name: 'Log Out' }));

    await vi.waitFor(() => expect(location.history?.at(-1)).toBe('/'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(location.history?.some((entry) => entry.startsWith('/login'))).toBe(false);
    expect(window.sessionStorage.getItem(`wellspring.draft:${robin.id}:/dashboard/patients/7#soap-note`)).toBeNull();
  });
});

describe('the sign-in page’s next', () => {
  it('goes to /dashboard instead of another site, and shows no session note without a reason', async () => {
    stubApi({ 'auth.signIn': () => ({ status: 'signed-in', user: robin }), 'auth.me': () => ({ user: robin }) });
    const events = userEvent.setup();
    const location = renderPractice('/login?next=%2F%2Fevil.example%2Fphish');
    expect(screen.queryByText(SESSION_ENDED_NOTICE)).toBeNull();

    await signInAgain(events);

    await vi.waitFor(() => expect(location.history?.at(-1)).toBe('/dashboard'));
  });
});
