import type { Translations } from '../translations.ts';

interface AudienceTexts {
  name: Translations;
  description: Translations;
}

/** Audience names and descriptions, shared by products and subscriptions. */
export const audienceTexts = {
  adult: {
    name: { en: 'Adult', nl: 'Volwassene', es: 'Adulto', de: 'Erwachsene', fr: 'Adulte' },
    description: {
      en: 'Ages 18 to 64',
      nl: '18 tot en met 64 jaar',
      es: 'De 18 a 64 años',
      de: '18 bis 64 Jahre',
      fr: 'De 18 à 64 ans',
    },
  },
  child: {
    name: { en: 'Child', nl: 'Kind', es: 'Niño', de: 'Kind', fr: 'Enfant' },
    description: {
      en: 'Ages 4 to 17, only together with an adult',
      nl: '4 tot en met 17 jaar, alleen samen met een volwassene',
      es: 'De 4 a 17 años, solo acompañado de un adulto',
      de: '4 bis 17 Jahre, nur in Begleitung eines Erwachsenen',
      fr: 'De 4 à 17 ans, uniquement accompagné d’un adulte',
    },
  },
  senior: {
    name: { en: 'Senior', nl: 'Senior', es: 'Mayor de 65', de: 'Senioren', fr: 'Senior' },
    description: {
      en: 'Ages 65 and over',
      nl: '65 jaar en ouder',
      es: '65 años o más',
      de: 'Ab 65 Jahren',
      fr: '65 ans et plus',
    },
  },
  studentGroup: {
    name: {
      en: 'Student group',
      nl: 'Studentengroep',
      es: 'Grupo de estudiantes',
      de: 'Studierendengruppe',
      fr: 'Groupe d’étudiants',
    },
    description: {
      en: 'From 5 students with a valid student card',
      nl: 'Vanaf 5 studenten met een geldige studentenkaart',
      es: 'A partir de 5 estudiantes con carné de estudiante válido',
      de: 'Ab 5 Studierenden mit gültigem Studierendenausweis',
      fr: 'À partir de 5 étudiants munis d’une carte valide',
    },
  },
  cardholder: {
    name: { en: 'Card holder', nl: 'Kaarthouder', es: 'Titular', de: 'Karteninhaber', fr: 'Titulaire' },
    description: {
      en: 'One card, ten visits, usable by anyone',
      nl: 'Eén kaart, tien bezoeken, door iedereen te gebruiken',
      es: 'Una tarjeta, diez visitas, la puede usar cualquiera',
      de: 'Eine Karte, zehn Besuche, von allen nutzbar',
      fr: 'Une carte, dix visites, utilisable par tous',
    },
  },
} satisfies Record<string, AudienceTexts>;

export type AudienceKey = keyof typeof audienceTexts;
