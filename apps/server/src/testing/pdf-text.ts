import { inflateSync } from 'node:zlib';

/** WinAnsi bytes 0x80–0x9f that differ from Latin-1 (the standard PDF fonts' encoding). */
const WIN_ANSI: Record<number, string> = {
  0x80: '€',
  0x82: '‚',
  0x83: 'ƒ',
  0x84: '„',
  0x85: '…',
  0x86: '†',
  0x87: '‡',
  0x88: 'ˆ',
  0x89: '‰',
  0x8a: 'Š',
  0x8b: '‹',
  0x8c: 'Œ',
  0x8e: 'Ž',
  0x91: '‘',
  0x92: '’',
  0x93: '“',
  0x94: '”',
  0x95: '•',
  0x96: '–',
  0x97: '—',
  0x98: '˜',
  0x99: '™',
  0x9a: 'š',
  0x9b: '›',
  0x9c: 'œ',
  0x9e: 'ž',
  0x9f: 'Ÿ',
};

function decodeHex(hex: string): string {
  let out = '';
  for (let index = 0; index + 1 < hex.length; index += 2) {
    const byte = parseInt(hex.slice(index, index + 2), 16);
    out += WIN_ANSI[byte] ?? String.fromCharCode(byte);
  }
  return out;
}

/**
 * The text of a pdfkit PDF, one string per text-showing operator (TJ/Tj),
 * page by page in content order: its content streams are inflated and the
 * hex strings pdfkit writes for the standard fonts decoded from WinAnsi.
 * Enough to assert what a ticket prints; not a general PDF reader.
 */
export function pdfText(pdf: Buffer): string[] {
  const texts: string[] = [];
  const raw = pdf.toString('latin1');
  const streams = /(?<!end)stream\r?\n/g;
  let match: RegExpExecArray | null;
  while ((match = streams.exec(raw)) !== null) {
    const start = match.index + match[0].length;
    const end = raw.indexOf('endstream', start);
    if (end < 0) break;
    const bytes = pdf.subarray(start, end);
    let content: string;
    try {
      content = inflateSync(bytes).toString('latin1');
    } catch {
      content = bytes.toString('latin1');
    }
    for (const operator of content.matchAll(
      /\[((?:<[0-9a-fA-F]*>|\s|-?[\d.]+)*)\]\s*TJ|<([0-9a-fA-F]*)>\s*Tj/g,
    )) {
      const parts =
        operator[1] !== undefined
          ? [...operator[1].matchAll(/<([0-9a-fA-F]*)>/g)].map((part) => part[1]!)
          : [operator[2]!];
      texts.push(parts.map(decodeHex).join(''));
    }
    streams.lastIndex = end + 'endstream'.length;
  }
  return texts;
}
