/**
 * A real ticket's QR code as a camera: the QR image is taken out of the
 * tickets PDF the shop sends (pdfkit stores it as a deflated RGB image) and
 * written as a Y4M video, which Chromium plays as its fake camera
 * (--use-file-for-fake-video-capture). Y4M is a text header and raw YUV 4:2:0
 * frames; the QR sits in the middle of a white 640×480 frame.
 */
import { writeFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import jsQR from 'jsqr';

export interface RgbImage {
  width: number;
  height: number;
  /** width × height × 3 bytes. */
  rgb: Buffer;
}

/** Every square RGB image in a pdfkit PDF: the tickets' QR codes, in page order. */
export function qrImagesOfPdf(pdf: Buffer): RgbImage[] {
  const text = pdf.toString('latin1');
  const images: RgbImage[] = [];
  const pattern = /<<([^>]*?\/Subtype \/Image[^>]*?)>>\s*stream\r?\n/g;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    const dictionary = match[1]!;
    const number = (name: string) => Number(new RegExp(`/${name} (\\d+)`).exec(dictionary)?.[1]);
    if (!/\/ColorSpace \/DeviceRGB/.test(dictionary) || /\/DecodeParms/.test(dictionary)) continue;
    const width = number('Width');
    const height = number('Height');
    const start = match.index + match[0].length;
    const rgb = inflateSync(pdf.subarray(start, start + number('Length')));
    if (width === height && rgb.length === width * height * 3) images.push({ width, height, rgb });
  }
  return images;
}

/** What a QR image says (jsQR, the library the scanner page falls back on). */
export function readQr(image: RgbImage): string | null {
  const rgba = new Uint8ClampedArray(image.width * image.height * 4);
  for (let i = 0; i < image.width * image.height; i += 1) {
    rgba.set([image.rgb[i * 3]!, image.rgb[i * 3 + 1]!, image.rgb[i * 3 + 2]!, 255], i * 4);
  }
  return jsQR(rgba, image.width, image.height)?.data ?? null;
}

const WIDTH = 640;
const HEIGHT = 480;
const QR_SIZE = 360;

/** Writes `image` centred on a white frame as a looping Y4M file of a few identical frames. */
export function writeY4m(image: RgbImage, path: string, frames = 5): void {
  const luma = Buffer.alloc(WIDTH * HEIGHT, 235);
  const left = (WIDTH - QR_SIZE) / 2;
  const top = (HEIGHT - QR_SIZE) / 2;
  for (let y = 0; y < QR_SIZE; y += 1) {
    for (let x = 0; x < QR_SIZE; x += 1) {
      const source =
        (Math.floor((y * image.height) / QR_SIZE) * image.width + Math.floor((x * image.width) / QR_SIZE)) *
        3;
      const value =
        0.299 * image.rgb[source]! + 0.587 * image.rgb[source + 1]! + 0.114 * image.rgb[source + 2]!;
      luma[(top + y) * WIDTH + left + x] = Math.round(16 + (value * 219) / 255);
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: frames }, () => frame)]));
}
