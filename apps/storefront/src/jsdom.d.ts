/** The one piece of jsdom the server's page renderer uses (entry-server.tsx); jsdom ships no types. */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
