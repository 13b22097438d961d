import type { KeyFactView } from '@kassa/domain/contract/catalog';
import { useId } from 'react';
import { useTranslation } from '@/lib/use-translation';
import { KeyFactIcon } from './key-fact-icon';

/**
 * A product's key facts as a description list: each kind is a visible term
 * ("Duration") with a decorative icon, so sighted readers and screen readers
 * get the same label; nothing is said by the icon alone.
 */
export function KeyFacts({ facts }: { facts: KeyFactView[] }) {
  const { t } = useTranslation();
  const headingId = useId();
  if (facts.length === 0) return null;
  // A heading names the list for screen reader users moving by headings; sighted
  // visitors see the labelled box, so it stays visually hidden.
  return (
    <section className="kassa-key-facts" aria-labelledby={headingId}>
      <h2 id={headingId} className="kassa-visually-hidden">
        {t('product.facts.label')}
      </h2>
      <dl className="kassa-key-facts__list">
        {facts.map((fact, index) => (
          <div className="kassa-key-facts__item" key={`${fact.kind}-${index}`}>
            <dt className="kassa-key-facts__kind">
              <KeyFactIcon kind={fact.kind} />
              {t(`product.facts.kinds.${fact.kind}`)}
            </dt>
            <dd className="kassa-key-facts__text">{fact.text}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
