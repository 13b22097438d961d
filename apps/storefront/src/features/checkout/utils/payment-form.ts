/**
 * FORM hand-off (docs/storefront.md §4.13, §9.1): the gateway answers a base64
 * HTML form that must be POSTed from the visitor's browser. The form is rebuilt
 * from its parts rather than inserted as HTML: only a POST to an http(s) URL
 * with hidden fields, nothing that could run.
 */

/** Spec §9: payment form auto-submit delay. */
export const FORM_SUBMIT_DELAY_MS = 250;

export interface DecodedForm {
  action: string;
  fields: [name: string, value: string][];
}

function decodeBase64Utf8(base64: string): string {
  const binary = atob(base64);
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/** The form's action and hidden fields, or null when it is not a usable form. */
export function decodePaymentForm(base64: string, doc: Document = document): DecodedForm | null {
  let html: string;
  try {
    html = decodeBase64Utf8(base64);
  } catch {
    return null;
  }
  const parsed = new DOMParser().parseFromString(html, 'text/html').querySelector('form');
  const action = parsed?.getAttribute('action');
  if (!parsed || !action) return null;
  let url: URL;
  try {
    url = new URL(action, doc.baseURI);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const fields = [...parsed.querySelectorAll('input')]
    .filter((input) => input.name)
    .map((input): [string, string] => [input.name, input.value]);
  return { action: url.href, fields };
}

/** Puts the form in the page and submits it after 250 ms; false when the form is unusable. */
export function submitPaymentForm(base64: string, doc: Document = document): boolean {
  const decoded = decodePaymentForm(base64, doc);
  if (!decoded) return false;
  const form = doc.createElement('form');
  form.method = 'post';
  form.action = decoded.action;
  form.hidden = true;
  for (const [name, value] of decoded.fields) {
    const input = doc.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  doc.body.append(form);
  setTimeout(() => form.submit(), FORM_SUBMIT_DELAY_MS);
  return true;
}
