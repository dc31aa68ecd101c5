// Runs before `npm test` (npm's `pretest`): the browser tests need Debian's Chromium and Japanese fonts.
// When they are missing, installs them with apt where this user may (root, or sudo without a password);
// otherwise stops at once with the one command to run. Playwright never downloads a browser here (ARCHITECTURE §6).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

function succeeds(command, args) {
  return spawnSync(command, args, { stdio: 'ignore' }).status === 0;
}

function hasJapaneseFonts() {
  const fonts = spawnSync('fc-list', [':lang=ja', 'family'], { encoding: 'utf8' });
  if (fonts.status === 0) return fonts.stdout.trim() !== '';
  return succeeds('dpkg', ['-s', 'fonts-noto-cjk']);
}

const missing = [];
if (!existsSync(chromium)) missing.push('chromium');
// Japanese glyphs for the screenshots kept as test artefacts.
if (!hasJapaneseFonts()) missing.push('fonts-noto-cjk');
if (missing.length === 0) process.exit(0);

const install = ['apt-get', 'install', '-y', ...missing];
const isRoot = process.getuid?.() === 0;
const aptPermitted =
  succeeds('apt-get', ['--version']) && (isRoot || succeeds('sudo', ['-n', 'true'])) && !process.env.NO_APT;
if (!aptPermitted) {
  console.error(`The browser tests need ${missing.join(' and ')}. Install, then run npm test again:`);
  console.error(`  sudo ${install.join(' ')}`);
  process.exit(1);
}

console.log(`Installing ${missing.join(' and ')} with apt for the browser tests…`);
const sudo = isRoot ? [] : ['sudo', '-n'];
const run = (args) => {
  const [command, ...rest] = [...sudo, ...args];
  const result = spawnSync(command, rest, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (result.status !== 0) {
    console.error(`apt failed; install by hand, then run npm test again:\n  sudo ${install.join(' ')}`);
    process.exit(1);
  }
};
run(['apt-get', 'update', '-qq']);
run([...install.slice(0, 3), '-qq', ...missing]);
if (!existsSync(chromium)) {
  console.error(`Chromium is still not at ${chromium}; set CHROMIUM_PATH to where it is.`);
  process.exit(1);
}
