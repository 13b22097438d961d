import { vi } from 'vitest';

type Answer = unknown | { status: number; body: unknown };

function isStatusAnswer(answer: Answer): answer is { status: number; body: unknown } {
  return typeof answer === 'object' && answer !== null && 'status' in answer && 'body' in answer;
}

/**
 * Stubs fetch with answers by path ('/api/home/products'); a path without an
 * answer gets the server's 404 body. Returns the mock to inspect calls.
 */
export function mockApi(answers: Record<string, Answer>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
    const path = String(input);
    const answer = answers[path];
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
