/** The FAQ support cards' pictures, served from the illustration base URL of the page definitions. */
export type Illustration = 'refund' | 'rebook' | 'contact';

export function illustrationUrl(baseUrl: string, name: Illustration): string {
  return `${baseUrl.replace(/\/+$/, '')}/${name}.svg`;
}
