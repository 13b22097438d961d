import type { ReactNode } from 'react';
import { Link } from '@/lib/router/router';
import { Card, CardBody } from './card';
import './item-card.css';
import { ReadMore } from './read-more';

export interface ItemCardProps {
  title: string;
  description: string;
  image: string | null;
  label?: string | null;
  href: string;
  /** The button text ("Book now"); its accessible name adds the title. */
  action: string;
  price?: ReactNode;
  /** A badge marking the card (e.g. the subscription being renewed). */
  current?: string;
  headingLevel?: 2 | 3;
  /** Load the image at once (cards in the first screen); the rest load lazily. */
  eager?: boolean;
  onSelect?: () => void;
}

/** A catalogue card (docs/storefront.md §2.2): image, optional label, title, description with read more, button. */
export function ItemCard(props: ItemCardProps) {
  const Heading = `h${props.headingLevel ?? 3}` as const;
  return (
    <Card className={props.current ? 'kassa-item-card kassa-item-card--current' : 'kassa-item-card'}>
      <div className="kassa-item-card__media">
        {props.image && (
          // Decorative: the title next to it says what the item is.
          <img
            className="kassa-item-card__image"
            src={props.image}
            alt=""
            loading={props.eager ? 'eager' : 'lazy'}
            width={640}
            height={360}
          />
        )}
        {props.label && <span className="kassa-item-card__label">{props.label}</span>}
        {props.current && <span className="kassa-item-card__current">{props.current}</span>}
      </div>
      <CardBody>
        <Heading className="kassa-item-card__title">{props.title}</Heading>
        {props.description && (
          <ReadMore>
            <p className="kassa-item-card__description">{props.description}</p>
          </ReadMore>
        )}
        <div className="kassa-item-card__footer">
          {props.price ? <span className="kassa-item-card__price">{props.price}</span> : <span />}
          {/* The label starts with the visible text (WCAG 2.5.3) and adds the title, so a list of
              "Book now" links still says which item each one books. */}
          <Link
            to={props.href}
            className="kassa-button"
            aria-label={`${props.action}: ${props.title}`}
            onClick={props.onSelect}
          >
            {props.action}
          </Link>
        </div>
      </CardBody>
    </Card>
  );
}
