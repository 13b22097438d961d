#!/usr/bin/env node
// The several-instances bench runs behind Debian's HAProxy, never a download.
// Finds it, installs it when we may (root), or says exactly what to install.
// The same pattern as e2e/ensure-chromium.mjs.
import { execFileSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';

const DEFAULT_PATH = '/usr/sbin/haproxy';
const configured = process.env.HAPROXY_PATH?.trim();
const haproxyPath = configured || DEFAULT_PATH;

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

if (isExecutable(haproxyPath)) {
  console.log(`HAProxy: ${haproxyPath}`);
  process.exit(0);
}

if (configured) {
  console.error(
    `HAPROXY_PATH is set to ${configured}, but no executable is there. Point it at an haproxy binary or unset it to use ${DEFAULT_PATH}.`,
  );
  process.exit(1);
}

if (process.getuid?.() === 0) {
  console.log(`HAProxy is missing at ${DEFAULT_PATH}: installing Debian's haproxy package…`);
  try {
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    execFileSync('apt-get', ['update'], { stdio: 'inherit', env });
    execFileSync('apt-get', ['install', '-y', '--no-install-recommends', 'haproxy'], {
      stdio: 'inherit',
      env,
    });
  } catch {
    console.error('Installing haproxy with apt-get failed; see the output above.');
    process.exit(1);
  }
  if (isExecutable(DEFAULT_PATH)) {
    console.log(`HAProxy: ${DEFAULT_PATH}`);
    process.exit(0);
  }
  console.error(`apt-get finished, but ${DEFAULT_PATH} is still missing.`);
  process.exit(1);
}

console.error(
  [
    `HAProxy is needed for \`npm run bench:scale\` and was not found at ${DEFAULT_PATH}.`,
    'Install it with:   sudo apt-get update && sudo apt-get install -y haproxy',
    'or point HAPROXY_PATH at an existing haproxy binary.',
  ].join('\n'),
);
process.exit(1);
