import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client.ts';
import * as s from '../db/schema.ts';
import { verifyPassword } from '../lib/password-hash.ts';
import { createOrganisation } from '../testing/fixtures.ts';
import { openTestDatabase } from '../testing/test-database.ts';
import { runShop } from './run-shop.ts';

describe('npm run shop', () => {
  let database: Database;

  beforeAll(async () => {
    database = await openTestDatabase();
    await createOrganisation(database.db, { slug: 'museum' });
  });
  afterAll(() => database.close());

  /** Runs the command with `answers` as the typed passwords; answers exit code and output. */
  async function shop(argv: string[], answers: string[] = []) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runShop(
      argv,
      {
        organisationSlug: 'museum',
        out: (line) => out.push(line),
        err: (line) => err.push(line),
        readSecret: async () => answers.shift() ?? '',
        now: () => new Date(),
      },
      // The test keeps its database open across commands.
      async () => ({ db: database.db, close: async () => {} }),
    );
    return { code, out: out.join('\n'), err: err.join('\n') };
  }

  it('adds a staff member with a hashed password, and changes the password when run again', async () => {
    const added = await shop(
      ['staff', 'add', 'Door@Museum.test', '--name', 'Door Keeper'],
      ['first password!', 'first password!'],
    );
    expect(added).toMatchObject({ code: 0, out: 'Added door@museum.test: log in at /staff/login.' });
    const [user] = await database.db.select().from(s.staffUsers);
    expect(user).toMatchObject({ email: 'door@museum.test', name: 'Door Keeper' });
    expect(await verifyPassword('first password!', user!.passwordHash!)).toBe(true);

    const changed = await shop(['staff', 'add', 'door@museum.test'], ['second password', 'second password']);
    expect(changed.out).toBe('door@museum.test exists: its password was changed.');
    const [after] = await database.db.select().from(s.staffUsers);
    expect(await verifyPassword('second password', after!.passwordHash!)).toBe(true);
    expect(after!.name).toBe('Door Keeper');
  });

  it('refuses differing or short passwords and changes nothing', async () => {
    expect(
      await shop(['staff', 'add', 'new@museum.test'], ['long enough one', 'long enough two']),
    ).toMatchObject({
      code: 1,
      err: 'The two passwords differ; nothing was changed.',
    });
    expect((await shop(['staff', 'add', 'new@museum.test'], ['short', 'short'])).code).toBe(1);
    expect((await database.db.select().from(s.staffUsers)).map((row) => row.email)).toEqual([
      'door@museum.test',
    ]);
  });

  it('lists and disables staff', async () => {
    expect((await shop(['staff', 'list'])).out).toBe('door@museum.test\tDoor Keeper\tdoor\tactive');
    expect((await shop(['staff', 'disable', 'door@museum.test'])).code).toBe(0);
    expect((await shop(['staff', 'list'])).out).toBe('door@museum.test\tDoor Keeper\tdoor\tdisabled');
    expect((await shop(['staff', 'disable', 'nobody@museum.test'])).code).toBe(1);
  });

  it('gives an account a role with --role, door by default, and refuses a role that does not exist', async () => {
    expect(
      await shop(
        ['staff', 'add', 'desk@museum.test', '--role', 'box-office'],
        ['long enough pw', 'long enough pw'],
      ),
    ).toMatchObject({ code: 0, out: 'Added desk@museum.test as box-office: log in at /staff/login.' });
    expect(
      await shop(
        ['staff', 'add', 'desk@museum.test', '--role', 'manager'],
        ['long enough pw', 'long enough pw'],
      ),
    ).toMatchObject({ code: 0, out: 'desk@museum.test exists: its password and role were changed.' });
    expect(
      await shop(
        ['staff', 'add', 'boss@museum.test', '--role', 'owner'],
        ['long enough pw', 'long enough pw'],
      ),
    ).toMatchObject({ code: 2, err: '--role is one of door, box-office, manager; nothing was changed.' });
    const roles = await database.db
      .select({ email: s.staffUsers.email, role: s.staffUsers.role })
      .from(s.staffUsers);
    expect(Object.fromEntries(roles.map((row) => [row.email, row.role]))).toEqual({
      'door@museum.test': 'door',
      'desk@museum.test': 'manager',
    });
  });

  it('changes a role and enables an account, audited as the shop command, never leaving no active manager', async () => {
    // desk@museum.test is the only manager (the test before made it one).
    expect(await shop(['staff', 'role', 'door@museum.test', 'box-office'])).toMatchObject({
      code: 0,
      out: 'door@museum.test is box-office now.',
    });
    expect(await shop(['staff', 'enable', 'door@museum.test'])).toMatchObject({
      code: 0,
      out: 'door@museum.test can log in again.',
    });
    expect((await shop(['staff', 'list'])).out).toContain(
      'door@museum.test\tDoor Keeper\tbox-office\tactive',
    );
    expect(await shop(['staff', 'role', 'desk@museum.test', 'door'])).toMatchObject({
      code: 1,
      err: 'The shop needs an active manager: make someone else manager first',
    });
    expect((await shop(['staff', 'disable', 'desk@museum.test'])).code).toBe(1);
    expect(await shop(['staff', 'role', 'door@museum.test', 'owner'])).toMatchObject({ code: 2 });
    expect(await shop(['staff', 'role', 'nobody@museum.test', 'door'])).toMatchObject({
      code: 1,
      err: 'No staff member nobody@museum.test.',
    });
    const entries = await database.db.select().from(s.auditLog);
    expect(
      entries.map(({ actor, action, subject, before, after }) => ({ actor, action, subject, before, after })),
    ).toEqual([
      // From the test before: disabling is audited too.
      {
        actor: 'system',
        action: 'staff.disable',
        subject: 'door@museum.test',
        before: { active: true },
        after: { active: false },
      },
      {
        actor: 'system',
        action: 'staff.change',
        subject: 'door@museum.test',
        before: { role: 'door' },
        after: { role: 'box-office' },
      },
      {
        actor: 'system',
        action: 'staff.enable',
        subject: 'door@museum.test',
        before: { active: false },
        after: { active: true },
      },
    ]);
  });

  it('prints the commands for no or an unknown command, and usage for --help', async () => {
    expect(await shop([])).toMatchObject({
      code: 0,
      out: expect.stringMatching(/staff +add, list, change the role of, disable or enable/),
    });
    expect(await shop(['launch'])).toMatchObject({
      code: 2,
      err: expect.stringContaining('Usage: npm run shop'),
    });
    expect((await shop(['staff', '--help'])).out).toContain('shop staff add <email>');
    expect((await shop(['staff', 'fly'])).code).toBe(2);
  });
});
