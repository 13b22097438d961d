import type { KeyFactKind } from '@kassa/domain/contract/catalog';

/** 24×24 outline paths, one per kind; drawn in currentColor so they follow the text. */
const PATHS: Record<KeyFactKind, string> = {
  // A clock.
  DURATION: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M12 7v5l3 2',
  // A map pin.
  LOCATION:
    'M12 21s-6.5-6.2-6.5-11a6.5 6.5 0 0 1 13 0c0 4.8-6.5 11-6.5 11zM12 7.5a2.5 2.5 0 1 0 0 5a2.5 2.5 0 1 0 0-5',
  // A tick in a circle.
  INCLUDED: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M8 12.5l2.7 2.7L16 9.5',
  // A calendar with a return arrow.
  CANCELLATION: 'M4 6h16v14H4zM4 10h16M8 3v4M16 3v4M9 15.5a3 3 0 1 0 1-2.3M9 12.5v1.6h1.6',
  // A person in a circle: access for everyone.
  ACCESSIBILITY:
    'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18M12 6.5v.5M7.5 9.5L12 10.5l4.5-1M12 10.5v3.5M9.5 18l2.5-4 2.5 4',
  // Two people, tall and small.
  AGE: 'M8 4a2.5 2.5 0 1 0 0 5a2.5 2.5 0 1 0 0-5M3.5 20v-4a4.5 4.5 0 0 1 9 0v4M17 9a2 2 0 1 0 0 4a2 2 0 1 0 0-4M14 20v-2.5a3 3 0 0 1 6 0V20',
  // A speech bubble.
  LANGUAGE: 'M4 5h16v11H10l-4 4v-4H4zM8 9h8M8 12h5',
};

/** The decorative icon of a key fact: hidden from assistive technology, the label says the kind. */
export function KeyFactIcon({ kind }: { kind: KeyFactKind }) {
  return (
    <svg
      className="kassa-key-facts__icon"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[kind]} />
    </svg>
  );
}
