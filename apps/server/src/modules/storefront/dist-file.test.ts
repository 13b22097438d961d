import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../../paths.ts';
import { distFileFor } from './dist-file.ts';

describe('distFileFor', () => {
  let root: string;
  let dist: string;
  beforeAll(() => {
    const tmp = path.resolve(serverRoot, '../../.tmp');
    mkdirSync(tmp, { recursive: true });
    root = mkdtempSync(path.join(tmp, 'dist-file-'));
    dist = path.join(root, 'dist');
    mkdirSync(path.join(dist, 'assets'), { recursive: true });
    writeFileSync(path.join(dist, 'assets', 'app-1.js'), '');
    writeFileSync(path.join(dist, 'robots.txt'), '');
    writeFileSync(path.join(dist, 'LICENSE'), '');
    writeFileSync(path.join(dist, '.env'), 'SECRET=1');
    writeFileSync(path.join(root, 'outside.txt'), '');
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('names files inside the dist folder', async () => {
    expect(await distFileFor(dist, '/assets/app-1.js')).toBe('assets/app-1.js');
    expect(await distFileFor(dist, '/robots.txt')).toBe('robots.txt');
    expect(await distFileFor(dist, '/assets/app%2D1.js')).toBe('assets/app-1.js');
  });

  it('finds nothing for routes, folders and missing files', async () => {
    // LICENSE exists, but a build names no file without an extension: it is taken for a page.
    for (const urlPath of ['/', '/assets', '/assets/', '/product/1/boat', '/assets/missing.js', '/LICENSE']) {
      expect(await distFileFor(dist, urlPath), urlPath).toBeUndefined();
    }
  });

  it('refuses paths that leave the folder, hidden files and malformed escapes', async () => {
    for (const urlPath of [
      '/../outside.txt',
      '/%2e%2e/outside.txt',
      '/assets/..%2f..%2foutside.txt',
      '/.env',
      '/%E0%A4%A',
      '/robots.txt%00',
    ]) {
      expect(await distFileFor(dist, urlPath), urlPath).toBeUndefined();
    }
  });
});
