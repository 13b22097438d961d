/**
 * The README, the engines field and the installed tree agree on Node:
 * every installed package whose package.json names engines.node accepts
 * the oldest Node the README promises. A dependency that moves to Node 22
 * fails here instead of on a user's machine.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');

function readmeNode(): string {
  const match = /Node (\d+\.\d+(?:\.\d+)?) or newer/.exec(readFileSync(path.join(root, 'README.md'), 'utf8'));
  if (!match?.[1]) throw new Error('the README does not say "Node X.Y or newer"');
  return semver.coerce(match[1])!.version;
}

/** package.json files of every installed package, nested node_modules included. */
function installedManifests(folder: string, found: string[] = []): string[] {
  if (!existsSync(folder)) return found;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const packageFolder = path.join(folder, entry.name);
    if (entry.name.startsWith('@')) {
      installedManifests(packageFolder, found);
      continue;
    }
    const manifest = path.join(packageFolder, 'package.json');
    if (existsSync(manifest)) found.push(manifest);
    installedManifests(path.join(packageFolder, 'node_modules'), found);
  }
  return found;
}

describe('Node version', () => {
  const node = readmeNode();

  it('the engines field is the README’s Node', () => {
    const engines = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).engines?.node as string;
    expect(semver.minVersion(engines)?.version).toBe(node);
  });

  it('every installed package accepts the README’s Node', () => {
    const folders = [
      'node_modules',
      ...['apps/server', 'apps/storefront', 'packages/domain', 'e2e', 'bench'].map((workspace) =>
        path.join(workspace, 'node_modules'),
      ),
    ];
    const refusing: string[] = [];
    for (const manifest of folders.flatMap((folder) => installedManifests(path.join(root, folder)))) {
      const { name, version, engines } = JSON.parse(readFileSync(manifest, 'utf8')) as {
        name?: string;
        version?: string;
        engines?: { node?: unknown };
      };
      if (typeof engines?.node !== 'string') continue;
      const range = semver.validRange(engines.node);
      if (range && !semver.satisfies(node, range)) refusing.push(`${name}@${version} (node ${engines.node})`);
    }
    expect(refusing).toEqual([]);
  });
});
