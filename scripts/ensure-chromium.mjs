// Makes sure Debian's Chromium is installed for the browser tests. Playwright's own browser
// download cannot reach its host from these machines, so we never run `playwright install`.
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (existsSync(CHROMIUM_PATH)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const sudo = isRoot ? '' : 'sudo ';
console.log(`Chromium not found at ${CHROMIUM_PATH}; installing Debian's chromium package…`);
try {
  execSync(`${sudo}apt-get update -qq && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`, {
    stdio: 'inherit',
  });
} catch {
  console.error('Could not install Chromium. Install it with `apt-get install -y chromium` or set CHROMIUM_PATH.');
  process.exit(1);
}
