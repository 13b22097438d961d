// Translation keys typed from en.json (the key source): a missing or
// misspelled key is a type error, the way excalidraw does it.
import 'i18next';
import type en from '../locales/en.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}
