import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadDraft, saveDraft } from './form-drafts.ts';
import {
  forgetSignedInUser,
  IDLE_CHECK_MARGIN_MS,
  noteApiCall,
  onSessionEnded,
  reconcileSession,
  rememberSignedInUser,
  reportSessionEnded,
  safeNextPath,
  signedInUserId,
  signInPathAfterSessionEnd,
  signInPathForVisitor,
  watchIdleSession,
} from './session-guard.ts';

describe('safeNextPath', () => {
  it('keeps a path on this site, with its search and hash', () => {
    expect(safeNextPath('/dashboard')).toBe('/dashboard');
    expect(safeNextPath('/dashboard/patients/7?tab=notes&page=2#plan')).toBe('/dashboard/patients/7?tab=notes&page=2#plan');
    expect(safeNextPath('/provider-portal/ehr/create?from=%2Fdashboard&patientName=Grace%20Hopper')).toBe('/provider-portal/ehr/create?from=%2Fdashboard&patientName=Grace%20Hopper');
  });

  it('refuses anything that could leave the site or is not a path (no open redirect)', () => {
    for (const next of [
      '//evil.example/phish',
      '/\\evil.example',
      '/\\/evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'dashboard',
      ' /dashboard',
      '/dash\tboard',
      '/dash\nboard',
      // Dot segments that resolve to `//host`, and encoded dots, slashes and backslashes.
      '/..//evil.example/x',
      '/a/../..//evil.example/x',
      '/./..//evil.example',
      '/%2e%2e//evil.example/x',
      '/%2E%2E/%2Fevil.example',
      '/%2F%2Fevil.example',
      '/%5cevil.example',
      '/%5C%5Cevil.example',
      '',
      null,
      undefined,
    ]) {
      expect(safeNextPath(next), String(next)).toBeNull();
    }
  });

  it('never leads back to a sign-in or sign-up page', () => {
    expect(safeNextPath('/login')).toBeNull();
    expect(safeNextPath('/login?next=%2Fdashboard')).toBeNull();
    expect(safeNextPath('/signup')).toBeNull();
  });
});

describe('signInPathAfterSessionEnd', () => {
  it('names the page the session ended on, search included, and why', () => {
    expect(signInPathAfterSessionEnd('/dashboard/patients/7', 'tab=notes')).toBe('/login?next=%2Fdashboard%2Fpatients%2F7%3Ftab%3Dnotes&reason=session-ended');
    expect(signInPathAfterSessionEnd('/dashboard', '')).toBe('/login?next=%2Fdashboard&reason=session-ended');
  });

  it('keeps a query the router handed decoded (a space in a name), encoded again', () => {
    const path = signInPathAfterSessionEnd('/provider-portal/ehr/create', 'patientId=p1&patientName=Grace Hopper');
    expect(new URLSearchParams(path.split('?')[1]).get('next')).toBe('/provider-portal/ehr/create?patientId=p1&patientName=Grace+Hopper');
  });
});

describe('signInPathForVisitor', () => {
  it('names the page asked for, search included, without a reason (no session ended)', () => {
    expect(signInPathForVisitor('/dashboard/schedule', '')).toBe('/login?next=%2Fdashboard%2Fschedule');
    expect(signInPathForVisitor('/dashboard/patients', 'q=ann')).toBe('/login?next=%2Fdashboard%2Fpatients%3Fq%3Dann');
    // Nothing unsafe is carried along (lib/session-guard's safeNextPath).
    expect(signInPathForVisitor('//evil.example', '')).toBe('/login');
  });
});

describe('the signed-in user of this tab', () => {
  afterEach(() => {
    window.sessionStorage.clear();
  });

  it('reports an ended session once, and only when the tab was signed in', () => {
    const ended = vi.fn();
    const unsubscribe = onSessionEnded(ended);

    expect(reportSessionEnded()).toBe(false);
    reconcileSession(null);
    expect(ended).not.toHaveBeenCalled();

    reconcileSession('u1');
    expect(signedInUserId()).toBe('u1');
    reconcileSession(null);
    expect(reportSessionEnded()).toBe(false);
    expect(ended).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('keeps a user’s drafts when their session ends, drops them for another user and at sign-out', () => {
    rememberSignedInUser('u1');
    saveDraft('u1', '/dashboard#note', { text: 'typed by u1' });
    reportSessionEnded();
    expect(loadDraft('u1', '/dashboard#note')).toEqual({ text: 'typed by u1' });

    rememberSignedInUser('u1');
    expect(loadDraft('u1', '/dashboard#note')).toEqual({ text: 'typed by u1' });

    rememberSignedInUser('u2');
    expect(loadDraft('u1', '/dashboard#note')).toBeNull();

    saveDraft('u2', '/dashboard#note', { text: 'typed by u2' });
    forgetSignedInUser();
    expect(signedInUserId()).toBeNull();
    expect(loadDraft('u2', '/dashboard#note')).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
  });
});

describe('a signed-in tab left alone', () => {
  const IDLE_MS = 30 * 60_000;

  afterEach(() => {
    vi.useRealTimers();
    window.localStorage.clear();
  });

  function watch() {
    vi.useFakeTimers();
    const ended = vi.fn();
    const stopListening = onSessionEnded(ended);
    noteApiCall();
    rememberSignedInUser('user-idle');
    const stopWatching = watchIdleSession(IDLE_MS);
    return {
      ended,
      stop: () => {
        stopWatching();
        stopListening();
      },
    };
  }

  it('reports the session ended once no call went out for the idle limit, and not a moment before', () => {
    const { ended, stop } = watch();
    vi.advanceTimersByTime(IDLE_MS);
    expect(ended).not.toHaveBeenCalled();
    vi.advanceTimersByTime(IDLE_CHECK_MARGIN_MS);
    expect(ended).toHaveBeenCalledTimes(1);
    expect(signedInUserId()).toBeNull();
    stop();
  });

  it('starts again at every API call, from this tab or another one of the browser', () => {
    const { ended, stop } = watch();
    vi.advanceTimersByTime(20 * 60_000);
    noteApiCall();
    vi.advanceTimersByTime(20 * 60_000);
    // Another tab's call, seen through the shared storage.
    window.localStorage.setItem('wellspring.last-api-call', String(Date.now()));
    vi.advanceTimersByTime(IDLE_MS);
    expect(ended).not.toHaveBeenCalled();
    vi.advanceTimersByTime(IDLE_CHECK_MARGIN_MS);
    expect(ended).toHaveBeenCalledTimes(1);
    stop();
  });

  it('does nothing for a visitor, and nothing once stopped', () => {
    const { ended, stop } = watch();
    forgetSignedInUser();
    vi.advanceTimersByTime(2 * IDLE_MS);
    expect(ended).not.toHaveBeenCalled();
    rememberSignedInUser('user-idle');
    stop();
    vi.advanceTimersByTime(2 * IDLE_MS);
    expect(ended).not.toHaveBeenCalled();
  });
});
