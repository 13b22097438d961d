import type { Translations } from '../translations.ts';

/** Labels of the customer form fields. */
export const fieldTexts = {
  firstName: { en: 'First name', nl: 'Voornaam', es: 'Nombre', de: 'Vorname', fr: 'Prénom' },
  lastName: { en: 'Last name', nl: 'Achternaam', es: 'Apellidos', de: 'Nachname', fr: 'Nom' },
  email: {
    en: 'E-mail address',
    nl: 'E-mailadres',
    es: 'Correo electrónico',
    de: 'E-Mail-Adresse',
    fr: 'Adresse e-mail',
  },
  emailConfirm: {
    en: 'Repeat your e-mail address',
    nl: 'Herhaal je e-mailadres',
    es: 'Repite tu correo electrónico',
    de: 'E-Mail-Adresse wiederholen',
    fr: 'Confirmez votre adresse e-mail',
  },
  phone: {
    en: 'Phone number',
    nl: 'Telefoonnummer',
    es: 'Teléfono',
    de: 'Telefonnummer',
    fr: 'Numéro de téléphone',
  },
  company: {
    en: 'Company name',
    nl: 'Bedrijfsnaam',
    es: 'Empresa',
    de: 'Firmenname',
    fr: 'Nom de l’entreprise',
  },
  vatId: { en: 'VAT number', nl: 'Btw-nummer', es: 'NIF-IVA', de: 'USt-IdNr.', fr: 'Numéro de TVA' },
  address: {
    en: 'Street and number',
    nl: 'Straat en huisnummer',
    es: 'Calle y número',
    de: 'Straße und Hausnummer',
    fr: 'Rue et numéro',
  },
  zipcode: { en: 'Postcode', nl: 'Postcode', es: 'Código postal', de: 'Postleitzahl', fr: 'Code postal' },
  city: { en: 'City', nl: 'Plaats', es: 'Ciudad', de: 'Ort', fr: 'Ville' },
  birthday: {
    en: 'Date of birth',
    nl: 'Geboortedatum',
    es: 'Fecha de nacimiento',
    de: 'Geburtsdatum',
    fr: 'Date de naissance',
  },
  pupils: {
    en: 'Number of pupils',
    nl: 'Aantal leerlingen',
    es: 'Número de alumnos',
    de: 'Anzahl der Schüler',
    fr: 'Nombre d’élèves',
  },
  teamName: {
    en: 'Team name',
    nl: 'Teamnaam',
    es: 'Nombre del equipo',
    de: 'Teamname',
    fr: 'Nom de l’équipe',
  },
  safetyRules: {
    en: 'I have read the escape room safety rules',
    nl: 'Ik heb de veiligheidsregels van de escaperoom gelezen',
    es: 'He leído las normas de seguridad del escape room',
    de: 'Ich habe die Sicherheitsregeln des Escape Rooms gelesen',
    fr: 'J’ai lu les consignes de sécurité de l’escape game',
  },
  newsletter: {
    en: 'Send me the monthly newsletter',
    nl: 'Stuur mij de maandelijkse nieuwsbrief',
    es: 'Quiero recibir el boletín mensual',
    de: 'Schicken Sie mir den monatlichen Newsletter',
    fr: 'Envoyez-moi la lettre d’information mensuelle',
  },
  occasion: { en: 'Occasion', nl: 'Gelegenheid', es: 'Ocasión', de: 'Anlass', fr: 'Occasion' },
  tourLanguage: {
    en: 'Language of the tour',
    nl: 'Taal van de rondleiding',
    es: 'Idioma de la visita',
    de: 'Sprache der Führung',
    fr: 'Langue de la visite',
  },
} satisfies Record<string, Translations>;

/** DROPDOWN options: stored value and label. */
export const occasionOptions: { value: string; label: Translations }[] = [
  {
    value: 'birthday',
    label: { en: 'Birthday', nl: 'Verjaardag', es: 'Cumpleaños', de: 'Geburtstag', fr: 'Anniversaire' },
  },
  { value: 'wedding', label: { en: 'Wedding', nl: 'Bruiloft', es: 'Boda', de: 'Hochzeit', fr: 'Mariage' } },
  {
    value: 'thank-you',
    label: { en: 'Thank you', nl: 'Bedankje', es: 'Agradecimiento', de: 'Dankeschön', fr: 'Remerciement' },
  },
  {
    value: 'just-because',
    label: {
      en: 'Just because',
      nl: 'Zomaar',
      es: 'Porque sí',
      de: 'Einfach so',
      fr: 'Juste pour le plaisir',
    },
  },
];

export const tourLanguageOptions: { value: string; label: Translations }[] = [
  { value: 'en', label: { en: 'English', nl: 'Engels', es: 'Inglés', de: 'Englisch', fr: 'Anglais' } },
  {
    value: 'nl',
    label: { en: 'Dutch', nl: 'Nederlands', es: 'Neerlandés', de: 'Niederländisch', fr: 'Néerlandais' },
  },
  { value: 'de', label: { en: 'German', nl: 'Duits', es: 'Alemán', de: 'Deutsch', fr: 'Allemand' } },
];
