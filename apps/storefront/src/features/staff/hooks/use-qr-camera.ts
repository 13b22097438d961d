import { useCallback, useEffect, useRef, useState } from 'react';
import type { QrReader } from '../utils/qr-reader';

export type CameraState = 'off' | 'starting' | 'on' | 'denied';

/** How often a frame is read while the camera runs. */
const FRAME_MS = 200;

/**
 * The back camera reading QR codes with `reader`, which the page loads
 * (useQrReader); frames are not read while it is null, nor while `paused`
 * (an answer is on screen). `onCode` gets each code found.
 */
export function useQrCamera(onCode: (code: string) => void, paused: boolean, reader: QrReader | null) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const [state, setState] = useState<CameraState>('off');
  const pausedRef = useRef(paused);
  const onCodeRef = useRef(onCode);
  const readerRef = useRef(reader);
  useEffect(() => {
    pausedRef.current = paused;
    onCodeRef.current = onCode;
    readerRef.current = reader;
  }, [paused, onCode, reader]);

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
    const tick = async () => {
      if (cancelled) return;
      const video = videoRef.current;
      const detector = readerRef.current;
      if (!pausedRef.current && detector && video && video.readyState >= 2) {
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
