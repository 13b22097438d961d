/**
 * Texts a server render printed with Intl (prices, long dates), by what they
 * print (decision 0286). Building a page's first Intl formatter loads the
 * locale's ICU data, the largest single piece of a catalogue page's
 * hydration on a slow phone; the browser hydrating the page prints the same
 * texts from here instead, and builds a formatter only for a text the
 * render did not print (a visitor's choice), when it is shown.
 */
const printed = new Map<string, string>();
/** While a server render runs: what it printed, for its page data. */
let recording: Map<string, string> | undefined;

export type PrintedTexts = [key: string, text: string][];

/** The text for `key`: as printed by the render when it was, else made (and recorded while rendering). */
export function printedText(key: string, make: () => string): string {
  let text = printed.get(key);
  if (text === undefined) {
    text = make();
    recording?.set(key, text);
  }
  return text;
}

/** What one server render printed: recorded only while its synchronous renders run. */
export interface PrintedTextsRecorder {
  /**
   * Runs one synchronous render, recording what it prints. A render that
   * waits for data between its passes yields to other renders on the same
   * server, so the recording is never left on across an await.
   */
  during<T>(render: () => T): T;
  /** Everything recorded so far, in the order it was first printed. */
  texts(): PrintedTexts;
}

export function printedTextsRecorder(): PrintedTextsRecorder {
  const record = new Map<string, string>();
  return {
    during(render) {
      const outer = recording;
      recording = record;
      try {
        return render();
      } finally {
        recording = outer;
      }
    },
    texts: () => [...record],
  };
}

/** The texts of the rendered page, before hydrating it. */
export function seedPrintedTexts(texts: PrintedTexts): void {
  for (const [key, text] of texts) printed.set(key, text);
}
