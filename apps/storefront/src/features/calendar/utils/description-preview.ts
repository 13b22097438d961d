import { CALENDAR_PREVIEW_CHARS } from '@kassa/domain/rules/constants';

/** The words of a description that may hold shop HTML; an inert parse, nothing loads or runs. */
function plainText(description: string): string {
  if (!/[<&]/.test(description)) return description;
  return new DOMParser().parseFromString(description, 'text/html').body.textContent ?? '';
}

/**
 * Spec §9: at most the first 140 characters of the description plus one
 * ellipsis (none when the text is short enough to show whole). The cut falls
 * at the last word boundary (never mid-word), and stops or dots
 * before it go, so it never reads "word.…". Counted in code points, so an
 * emoji is never cut in half; a single word longer than the limit is cut.
 */
export function descriptionPreview(description: string, limit: number = CALENDAR_PREVIEW_CHARS): string {
  const text = plainText(description).replace(/\s+/g, ' ').trim();
  const characters = Array.from(text);
  if (characters.length <= limit) return text;
  let preview = characters.slice(0, limit).join('');
  if (characters[limit] !== ' ') {
    const lastSpace = preview.lastIndexOf(' ');
    if (lastSpace > 0) preview = preview.slice(0, lastSpace);
  }
  const trimmed = preview.replace(/[\s.,;:…\-–—]+$/u, '');
  return `${trimmed || preview}…`;
}
