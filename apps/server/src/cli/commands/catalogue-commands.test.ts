import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import * as s from '../../db/schema.ts';
import { serverRoot } from '../../paths.ts';
import { openTestDatabase } from '../../testing/test-database.ts';
import { runShop } from '../run-shop.ts';

const TOUR = path.join(serverRoot, '..', '..', 'examples', 'tour-operator', 'catalogue.yaml');

describe('npm run shop -- import / export', () => {
  let database: Database;
  let dataDir: string;
  beforeAll(async () => {
    database = await openTestDatabase();
    dataDir = mkdtempSync(path.join(process.env.TMPDIR ?? tmpdir(), 'shop-cli-'));
  });
  afterAll(async () => {
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  async function shop(argv: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runShop(
      argv,
      {
        organisationSlug: undefined,
        out: (line) => out.push(line),
        err: (line) => err.push(line),
        readSecret: async () => '',
        now: () => new Date(),
        dataDir,
      },
      async () => ({ db: database.db, close: async () => {} }),
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('names every error of an invalid file with its path, and writes nothing', async () => {
    const bad = path.join(dataDir, 'bad.yaml');
    writeFileSync(
      bad,
      readFileSync(TOUR, 'utf8')
        .replace('price: 9.5', 'price: -9.5')
        .replace('currency: EUR', 'currency: euro'),
    );
    const result = await shop(['import', bad, '--apply']);
    expect(result.code).toBe(1);
    expect(result.err).toContain('organisation.currency: a currency is three capital letters (EUR)');
    expect(result.err).toContain('products[0].audiences[1].price: a price is never negative');
    expect(await database.db.$count(s.organisations)).toBe(0);
  });

  it('names a missing image file, and writes nothing', async () => {
    const moved = path.join(dataDir, 'no-images.yaml');
    writeFileSync(moved, readFileSync(TOUR, 'utf8'));
    const result = await shop(['import', moved]);
    expect(result.code).toBe(1);
    expect(result.err).toContain(
      'categories[0].image, products[0].image: no file "images/harbour-tour.svg" beside the catalogue',
    );
    expect(await database.db.$count(s.organisations)).toBe(0);
  });

  /** The tour operator's file in its own folder, with `image` lines replaced and files made there by `make`. */
  function tourIn(folder: string, image: string, make: (dir: string) => void) {
    const dir = path.join(dataDir, folder);
    mkdirSync(dir, { recursive: true });
    make(dir);
    const file = path.join(dir, 'catalogue.yaml');
    writeFileSync(
      file,
      readFileSync(TOUR, 'utf8').replaceAll('image: images/harbour-tour.svg', `image: ${image}`),
    );
    return file;
  }

  it('refuses an image that is a symbolic link, naming where the file uses it, and copies nothing', async () => {
    const file = tourIn('linked', 'images/evil.svg', (dir) => {
      mkdirSync(path.join(dir, 'images'));
      symlinkSync('/etc/passwd', path.join(dir, 'images', 'evil.svg'));
    });
    for (const args of [[file], [file, '--apply']]) {
      const result = await shop(['import', ...args]);
      expect(result.code).toBe(1);
      expect(result.err).toContain(
        'categories[0].image, products[0].image: "images/evil.svg" is a symbolic link; put the image file itself beside the catalogue',
      );
      expect(result.err).not.toContain('root:');
    }
    expect(existsSync(path.join(dataDir, 'media', 'evil.svg'))).toBe(false);
    expect(await database.db.$count(s.organisations)).toBe(0);
  });

  it("refuses an image in a linked folder, and one outside the catalogue's folder", async () => {
    const outside = path.join(dataDir, 'outside');
    mkdirSync(outside, { recursive: true });
    copyFileSync(
      path.join(path.dirname(TOUR), 'images', 'harbour-tour.svg'),
      path.join(outside, 'secret.svg'),
    );
    const linkedFolder = tourIn('linked-folder', 'images/secret.svg', (dir) =>
      symlinkSync(outside, path.join(dir, 'images')),
    );
    expect((await shop(['import', linkedFolder])).err).toContain(
      'categories[0].image, products[0].image: "images/secret.svg" is a symbolic link',
    );
    for (const image of ['../outside/secret.svg', path.join(outside, 'secret.svg')]) {
      const escaping = tourIn('escaping', image, () => {});
      const result = await shop(['import', escaping, '--apply']);
      expect(result.code).toBe(1);
      expect(result.err).toContain(
        `categories[0].image, products[0].image: "${image}" is outside the catalogue's folder; images are files in it or below it`,
      );
    }
    const served = tourIn('served', '/media/../../etc/passwd.svg', () => {});
    expect((await shop(['import', served])).err).toContain(
      'categories[0].image, products[0].image: "/media/../../etc/passwd.svg" leaves /media/',
    );
    expect(existsSync(path.join(dataDir, 'media', 'secret.svg'))).toBe(false);
    expect(await database.db.$count(s.organisations)).toBe(0);
  });

  it('refuses a price the database cannot hold, an alias bomb and an oversized file with their places, without a stack trace', async () => {
    const price = path.join(dataDir, 'price.yaml');
    writeFileSync(price, readFileSync(TOUR, 'utf8').replace('price: 9.5', 'price: 99999999999'));
    const priced = await shop(['import', price]);
    expect(priced).toMatchObject({ code: 1 });
    expect(priced.err).toContain('products[0].audiences[1].price: a price is at most 1000000');

    const bomb = path.join(dataDir, 'bomb.yaml');
    const lol = Array.from({ length: 6 }, (_, level) =>
      level === 0
        ? '  - &l0 [x, x, x, x, x, x, x, x, x]'
        : `  - &l${level} [${Array(9)
            .fill(`*l${level - 1}`)
            .join(', ')}]`,
    );
    writeFileSync(bomb, `${readFileSync(TOUR, 'utf8')}\nbomb:\n${lol.join('\n')}\n`);
    const bombed = await shop(['import', bomb]);
    expect(bombed).toMatchObject({ code: 1 });
    expect(bombed.err).toMatch(
      /bomb\.yaml is not a valid catalogue file:\n {2}line \d+, column \d+: too many aliases/,
    );
    expect(bombed.err).not.toContain('    at ');

    const big = path.join(dataDir, 'big.yaml');
    writeFileSync(big, `${readFileSync(TOUR, 'utf8')}\n# ${'x'.repeat(6 * 1024 * 1024)}\n`);
    const huge = await shop(['import', big]);
    expect(huge).toMatchObject({ code: 1 });
    expect(huge.err).toBe(`${big} is 6.1 MB; a catalogue file is at most 5 MB.`);
    expect(await database.db.$count(s.organisations)).toBe(0);
  });

  it('shows a dry run by default, writes with --apply, copies the images, and then has nothing to do', async () => {
    const dry = await shop(['import', TOUR]);
    expect(dry).toMatchObject({ code: 0 });
    expect(dry.out).toContain('products: added harbour-tour');
    expect(dry.out).toMatch(
      /^harbour-tour: plots \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d: \d+ added, 0 updated, 0 removed, 0 retired \(dry run\)$/m,
    );
    expect(dry.out).toContain('Dry run: nothing was written.');
    expect(await database.db.$count(s.organisations)).toBe(0);
    expect(await database.db.$count(s.plots)).toBe(0);

    const applied = await shop(['import', TOUR, '--apply']);
    expect(applied.code).toBe(0);
    const added = Number(/: (\d+) added/.exec(dry.out)![1]);
    expect(applied.out).toContain(`${added} added, 0 updated, 0 removed, 0 retired (applied)`);
    // Two departures a day over the 60-day window, less the Christmas closure when it falls in it.
    expect(added).toBeGreaterThanOrEqual(114);
    expect(await database.db.$count(s.plots)).toBe(added);
    const [product] = await database.db.select().from(s.products);
    expect(product!.image).toBe('/media/harbour-tour.svg');
    expect(readFileSync(path.join(dataDir, 'media', 'harbour-tour.svg'), 'utf8')).toContain('<svg');

    expect((await shop(['import', TOUR])).out).toBe('No changes.');
  });

  it('exports the shop with its images beside the file, and that export imports as no changes', async () => {
    const out = path.join(dataDir, 'export', 'shop.yaml');
    const exported = await shop(['export', out]);
    expect(exported.code).toBe(0);
    expect(readFileSync(out, 'utf8')).toMatch(
      /^# yaml-language-server: \$schema=.*catalogue\.schema\.json\n/,
    );
    expect(readFileSync(path.join(dataDir, 'export', 'images', 'harbour-tour.svg'), 'utf8')).toContain(
      '<svg',
    );
    expect((await shop(['import', out])).out).toBe('No changes.');
  });
});
