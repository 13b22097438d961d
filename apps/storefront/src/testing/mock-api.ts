import { vi } from 'vitest';

type Answer = unknown | { status: number; body: unknown } | { wait: Promise<unknown> };

function isStatusAnswer(answer: Answer): answer is { status: number; body: unknown } {
  return typeof answer === 'object' && answer !== null && 'status' in answer && 'body' in answer;
}

function isDeferred(answer: Answer): answer is { wait: Promise<unknown> } {
  return typeof answer === 'object' && answer !== null && 'wait' in answer;
}

/**
 * Stubs fetch with answers by path ('/api/home/products'); a path without an
 * answer gets the server's 404 body, and `{ wait }` answers 200 with what the
 * promise resolves to, when it does. Returns the mock to inspect calls.
 */
export function mockApi(answers: Record<string, Answer>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const path = String(input);
    const given = answers[path];
    const answer = isDeferred(given) ? await given.wait : given;
    const { status, body } =
      answer === undefined
        ? { status: 404, body: { ok: false, error: { code: 'NOT_FOUND', message: `No route for ${path}` } } }
        : isStatusAnswer(answer)
          ? answer
          : { status: 200, body: answer };
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
