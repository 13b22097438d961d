import { useCallback, useEffect, useRef, useState } from 'react';

export type CameraState = 'off' | 'starting' | 'on' | 'denied';

/** How often a frame is read while the camera runs. */
const FRAME_MS = 200;
/** Frames are scaled down to this width before jsQR reads them: plenty for a QR code held up to a phone. */
const DECODE_WIDTH = 640;

interface Detector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}
type DetectorClass = {
  new (options: { formats: string[] }): Detector;
  getSupportedFormats(): Promise<string[]>;
};

/** The browser's BarcodeDetector when it reads QR codes (Chromium on Android and macOS), else null. */
async function nativeDetector(): Promise<Detector | null> {
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

/** jsQR over a scaled-down frame: pure JavaScript, no WebAssembly or worker (strict CSP), loaded on first use. */
async function jsqrDetector(): Promise<Detector> {
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

/**
 * The back camera reading QR codes (issue #17): BarcodeDetector where the
 * browser has one for QR, jsQR otherwise. While `paused` (an answer is on
 * screen) frames are not read; `onCode` gets each code found.
 */
export function useQrCamera(onCode: (code: string) => void, paused: boolean) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [state, setState] = useState<CameraState>('off');
  const pausedRef = useRef(paused);
  const onCodeRef = useRef(onCode);
  useEffect(() => {
    pausedRef.current = paused;
    onCodeRef.current = onCode;
  }, [paused, onCode]);

  const stop = useCallback(() => {
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setState('off');
  }, []);

  const start = useCallback(async () => {
    setState('starting');
    try {
      const stream = await navigator.mediaDevices.getUserMedia({
        video: { facingMode: { ideal: 'environment' } },
        audio: false,
      });
      streamRef.current = stream;
      const video = videoRef.current;
      if (video) {
        video.srcObject = stream;
        await video.play();
      }
      setState('on');
    } catch {
      stop();
      setState('denied');
    }
  }, [stop]);

  useEffect(() => {
    if (state !== 'on') return;
    let cancelled = false;
    let timer = 0;
    let detector: Detector | null = null;
    const tick = async () => {
      if (cancelled) return;
      const video = videoRef.current;
      if (!pausedRef.current && video && video.readyState >= 2) {
        detector ??= (await nativeDetector()) ?? (await jsqrDetector());
        const [found] = await detector.detect(video).catch(() => []);
        if (found && !cancelled && !pausedRef.current) onCodeRef.current(found.rawValue);
      }
      if (!cancelled) timer = window.setTimeout(() => void tick(), FRAME_MS);
    };
    void tick();
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [state]);

  useEffect(() => stop, [stop]);

  return { videoRef, state, start, stop };
}
