import { describe, expect, it } from 'vitest';
import { dashboardMessages } from './dashboard.ts';

describe('dashboard and portal texts', () => {
  it('are the spec texts of the log-out actions (docs/product.md#accounts)', () => {
    expect(dashboardMessages.loggedOut).toBe('Logged out successfully');
    expect(dashboardMessages.loggingOut).toBe('Logging out...');
    expect(dashboardMessages.portalLoggedOut).toEqual({ title: 'Logged out', description: 'You have been successfully logged out.' });
    expect(dashboardMessages.logoutFailed).toEqual({ title: 'Error', description: 'Failed to log out. Please try again.' });
  });
});
