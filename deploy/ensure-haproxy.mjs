#!/usr/bin/env node
// The several-instances bench runs behind Debian's HAProxy, never a download.
import { ensureDebianProgram } from '../scripts/ensure-debian-program.mjs';

ensureDebianProgram({
  label: 'HAProxy',
  debianPackage: 'haproxy',
  defaultPath: '/usr/sbin/haproxy',
  pathVariable: 'HAPROXY_PATH',
  neededFor: '`npm run bench:scale`',
  binaryKind: 'an existing haproxy binary',
});
