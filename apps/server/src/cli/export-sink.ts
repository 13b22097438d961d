import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';

/** Where an export goes, piece by piece; every piece ends with a newline. */
export interface ExportSink {
  write(piece: string): Promise<void>;
  /** The export is complete. */
  finish(): Promise<void>;
  /** The export failed: nothing half-written is left behind. */
  abandon(): Promise<void>;
}

/** Standard output through the command's `out` (which adds the newline each piece ends with). */
export function lineSink(out: (line: string) => void): ExportSink {
  return {
    async write(piece) {
      out(piece.endsWith('\n') ? piece.slice(0, -1) : piece);
    },
    async finish() {},
    async abandon() {},
  };
}

/**
 * A file, written as `<file>.partial` and renamed when complete, so a failed
 * or interrupted export never leaves a file that looks whole. Waits for the
 * disk when the stream's buffer is full, so memory stays flat however many
 * orders there are.
 */
export function fileSink(file: string): ExportSink {
  const partial = `${file}.partial`;
  const stream = createWriteStream(partial, { encoding: 'utf8' });
  let failure: Error | null = null;
  stream.on('error', (error) => {
    failure = error;
  });
  const closed = () =>
    new Promise<void>((resolve) => {
      if (stream.closed) resolve();
      else stream.end(() => resolve());
    });
  const drained = () =>
    new Promise<void>((resolve, reject) => {
      const onDrain = () => {
        stream.off('error', onError);
        resolve();
      };
      const onError = (error: Error) => {
        stream.off('drain', onDrain);
        reject(error);
      };
      stream.once('drain', onDrain);
      stream.once('error', onError);
    });
  return {
    async write(piece) {
      if (failure) throw failure;
      if (!stream.write(piece)) await drained();
    },
    async finish() {
      await closed();
      if (failure) throw failure;
      await rename(partial, file);
    },
    async abandon() {
      await closed();
      await rm(partial, { force: true });
    },
  };
}
