/** The attendee list's CSV column headings (decision 0234), in the request's language. */
const HEADINGS: Record<string, readonly string[]> = {
  en: ['Order', 'Name', 'E-mail', 'Tickets', 'Admitted', 'Audiences', 'Extras'],
  nl: ['Bestelling', 'Naam', 'E-mail', 'Tickets', 'Binnen', 'Doelgroepen', 'Extra’s'],
  de: ['Bestellung', 'Name', 'E-Mail', 'Tickets', 'Eingelassen', 'Zielgruppen', 'Extras'],
  fr: ['Commande', 'Nom', 'E-mail', 'Billets', 'Entrés', 'Publics', 'Suppléments'],
  es: ['Pedido', 'Nombre', 'Correo', 'Entradas', 'Admitidos', 'Públicos', 'Extras'],
};

export function attendeeCsvHeadings(language: string): readonly string[] {
  return HEADINGS[language] ?? HEADINGS.en!;
}
