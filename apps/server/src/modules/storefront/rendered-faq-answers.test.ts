import { rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverRoot } from '../../paths.ts';
import { fakeDist } from '../../testing/fake-dist.ts';
import { createFaqQuestion, createOrganisation } from '../../testing/fixtures.ts';
import { createTestApp, type TestApp } from '../../testing/test-app.ts';
import type { RenderPage } from '../../lib/render-page.ts';

/** The storefront's renderer from source (npm run build makes the same into dist-ssr). */
const entryServer = path.join(serverRoot, '../storefront/src/entry-server.tsx');

/** The markup of the answers' panels in a rendered page. */
function answersOf(html: string): string[] {
  return [...html.matchAll(/<div class="kassa-faq__answer">([\s\S]*?)<\/div>/g)].map((match) => match[1]!);
}

describe('FAQ answers in a server-rendered page (decision 0211)', () => {
  let t: TestApp;
  let dist: string;

  beforeAll(async () => {
    dist = fakeDist();
    const { renderPage } = (await import(/* @vite-ignore */ entryServer)) as { renderPage: RenderPage };
    t = await createTestApp({ STOREFRONT_DIST: dist }, { renderPage });
    const organisation = await createOrganisation(t.db, { name: 'Harbour Museum' });
    await createFaqQuestion(t.db, organisation.id, {
      question: { en: 'When are you open?' },
      answer: {
        en:
          '<p>Daily <strong>10–17</strong>, <a href="https://museum.example/hours">see the hours</a>.</p>' +
          '<img src="x" onerror="alert(1)"><script>window.hacked = true</script>' +
          '<a href="javascript:alert(2)">click</a><p style="position:fixed" onclick="alert(3)">Late</p>',
      },
    });
  });
  afterAll(async () => {
    await t.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('keeps the formatting and drops everything that could run', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/faq' });
    expect(response.statusCode).toBe(200);
    const [answer] = answersOf(response.body);
    expect(answer).toContain('<p>Daily <strong>10–17</strong>, <a href="https://museum.example/hours">see the hours</a>.</p>');
    expect(answer).toContain('<img src="x" />');
    expect(answer).toContain('<p>Late</p>');
    for (const running of ['onerror', '<script', 'hacked', 'javascript:', 'onclick', 'style=']) {
      expect(answer).not.toContain(running);
    }
  });
});
