import { CALENDAR_PREVIEW_CHARS } from '@kassa/domain/rules/constants';

/** The words of a description that may hold shop HTML; an inert parse, nothing loads or runs. */
function plainText(description: string): string {
  if (!/[<&]/.test(description)) return description;
  return new DOMParser().parseFromString(description, 'text/html').body.textContent ?? '';
}

/**
 * Spec §9: the first 140 characters of the description plus an ellipsis
 * (none when the text is short enough to show whole). Counted in code
 * points, so an emoji is never cut in half.
 */
export function descriptionPreview(description: string, limit: number = CALENDAR_PREVIEW_CHARS): string {
  const text = plainText(description).replace(/\s+/g, ' ').trim();
  const characters = Array.from(text);
  if (characters.length <= limit) return text;
  return `${characters.slice(0, limit).join('').trimEnd()}…`;
}
