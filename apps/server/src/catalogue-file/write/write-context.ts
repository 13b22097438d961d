import type { CatalogueText } from '@kassa/domain/contract/catalogue-file';
import type { Tx } from '../../db/client.ts';
import type { LocalizedText } from '../../db/schema.ts';
import type { CurrentCatalogue } from './current-catalogue.ts';

/** What every entity's writer works with during one import. */
export interface WriteContext {
  tx: Tx;
  organisationId: number;
  /** The shop's rows before the import; null for a new shop. */
  current: CurrentCatalogue | null;
  /** A file text as stored: a plain string belongs to the shop's default language. */
  text: (value: CatalogueText | undefined) => LocalizedText;
  /** A file image as stored: the /media/ path it was saved as, else as the file writes it. */
  image: (value: string | undefined) => string | null;
}
