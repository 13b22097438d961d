#!/usr/bin/env node
// Browser tests run on Debian's Chromium, never on a downloaded Playwright build.
import { ensureDebianProgram } from '../scripts/ensure-debian-program.mjs';

ensureDebianProgram({
  label: 'Chromium',
  debianPackage: 'chromium',
  defaultPath: '/usr/bin/chromium',
  pathVariable: 'CHROMIUM_PATH',
  neededFor: 'the browser tests',
  binaryKind: 'an existing Chromium or Chrome binary',
});
