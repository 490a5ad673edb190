/** The password of the server's login role `wellspring_app` on the test server (global-setup.ts makes it). */
export const TEST_APP_PASSWORD = 'wellspring-app-test';
