import { useEffect, useState } from 'react';
import { loadQrReader, type QrReader } from '../utils/qr-reader';

export type QrReaderState =
  | { status: 'loading'; reader: null }
  | { status: 'ready'; reader: QrReader }
  | { status: 'failed'; reader: null };

/**
 * The QR reader, fetched as soon as the scan page opens rather than when the
 * camera starts, so a camera started offline can still read (decision 0206).
 * A failed fetch is tried again each time the connection comes back.
 */
export function useQrReader(): QrReaderState {
  const [state, setState] = useState<QrReaderState>({ status: 'loading', reader: null });
  useEffect(() => {
    let live = true;
    const load = () => {
      loadQrReader().then(
        (reader) => live && setState({ status: 'ready', reader }),
        () => live && setState({ status: 'failed', reader: null }),
      );
    };
    load();
    window.addEventListener('online', load);
    return () => {
      live = false;
      window.removeEventListener('online', load);
    };
  }, []);
  return state;
}
