/**
 * The scan answer's sound, made with WebAudio (no audio files, nothing a
 * strict CSP blocks): one high tone for "in", two low ones for a warning,
 * three for a refusal. Browsers only start audio after a user gesture, so
 * the page calls unlockAudio from its first tap.
 */
let context: AudioContext | undefined;

export function unlockAudio(): void {
  try {
    context ??= new AudioContext();
    void context.resume();
  } catch {
    // no WebAudio: answers stay silent
  }
}

export type Tone = 'ok' | 'warn' | 'bad';

const TONES: Record<Tone, { frequency: number; count: number }> = {
  ok: { frequency: 1320, count: 1 },
  warn: { frequency: 440, count: 2 },
  bad: { frequency: 220, count: 3 },
};

export function beep(tone: Tone): void {
  if (!context || context.state !== 'running') return;
  const { frequency, count } = TONES[tone];
  const start = context.currentTime;
  for (let i = 0; i < count; i += 1) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = tone === 'ok' ? 'sine' : 'square';
    oscillator.frequency.value = frequency;
    gain.gain.value = 0.2;
    oscillator.connect(gain).connect(context.destination);
    const at = start + i * 0.18;
    oscillator.start(at);
    oscillator.stop(at + (tone === 'ok' ? 0.2 : 0.12));
  }
}
