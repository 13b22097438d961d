/** Reads the QR code in a video frame, if there is one. */
export interface QrReader {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}

type DetectorClass = {
  new (options: { formats: string[] }): QrReader;
  getSupportedFormats(): Promise<string[]>;
};

/** Frames are scaled down to this width before jsQR reads them: plenty for a QR code held up to a phone. */
const DECODE_WIDTH = 640;

/** The browser's BarcodeDetector when it reads QR codes (Chromium on Android and macOS), else null. */
async function nativeReader(): Promise<QrReader | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    return (await Native.getSupportedFormats()).includes('qr_code')
      ? new Native({ formats: ['qr_code'] })
      : null;
  } catch {
    return null;
  }
}

/** jsQR over a scaled-down frame: pure JavaScript, no WebAssembly or worker (strict CSP), a chunk of its own. */
async function jsqrReader(): Promise<QrReader> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return {
    async detect(video) {
      if (!context || video.videoWidth === 0) return [];
      const scale = Math.min(1, DECODE_WIDTH / video.videoWidth);
      canvas.width = Math.round(video.videoWidth * scale);
      canvas.height = Math.round(video.videoHeight * scale);
      context.drawImage(video, 0, 0, canvas.width, canvas.height);
      const frame = context.getImageData(0, 0, canvas.width, canvas.height);
      const found = jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'attemptBoth' });
      return found?.data ? [{ rawValue: found.data }] : [];
    },
  };
}

let loading: Promise<QrReader> | null = null;

/**
 * The page's QR reader, loaded once (decision 0206): BarcodeDetector where
 * the browser has one for QR, jsQR otherwise. The scan page asks for it as
 * it opens, so jsQR's chunk is in memory before the connection can drop; a
 * later import of it resolves from the module map, without the network. A
 * load that failed is forgotten, so the next call fetches again.
 */
export function loadQrReader(): Promise<QrReader> {
  if (!loading) {
    const attempt = (async () => (await nativeReader()) ?? (await jsqrReader()))();
    loading = attempt;
    attempt.catch(() => {
      if (loading === attempt) loading = null;
    });
  }
  return loading;
}
