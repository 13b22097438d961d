#!/usr/bin/env node
// Browser tests run on Debian's Chromium, never on a downloaded Playwright
// build (no download works on these machines). Finds it, installs it when we
// may (root), or says exactly what to install.
import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const DEFAULT_PATH = '/usr/bin/chromium';
const configured = process.env.CHROMIUM_PATH?.trim();
const chromiumPath = configured || DEFAULT_PATH;

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

if (isExecutable(chromiumPath)) {
  console.log(`Chromium: ${chromiumPath}`);
  process.exit(0);
}

if (configured) {
  console.error(
    `CHROMIUM_PATH is set to ${configured}, but no executable is there. Point it at a Chromium binary or unset it to use ${DEFAULT_PATH}.`,
  );
  process.exit(1);
}

if (process.getuid?.() === 0) {
  console.log(`Chromium is missing at ${DEFAULT_PATH}: installing Debian's chromium package…`);
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
      stdio: 'inherit',
      env,
    });
  } catch {
    console.error('Installing chromium with apt-get failed; see the output above.');
    process.exit(1);
  }
  if (isExecutable(DEFAULT_PATH)) process.exit(0);
  console.error(`apt-get finished, but ${DEFAULT_PATH} is still missing.`);
  process.exit(1);
}

console.error(
  [
    `Chromium is needed for the browser tests and was not found at ${DEFAULT_PATH}.`,
    'Install it with:   sudo apt-get update && sudo apt-get install -y chromium',
    'or point CHROMIUM_PATH at an existing Chromium or Chrome binary.',
  ].join('\n'),
);
process.exit(1);
