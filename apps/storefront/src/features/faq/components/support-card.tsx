import type { ReactNode } from 'react';

interface SupportCardProps {
  title: string;
  text: string;
  /** The picture is decorative: the title and text say it all, so alt stays empty. */
  illustration: string;
  /** The card's one action: a button that opens a modal, or a link. */
  action: ReactNode;
}

/** One support card of the FAQ page (refund, rebook, contact). */
export function SupportCard({ title, text, illustration, action }: SupportCardProps) {
  return (
    <article className="kassa-support-card">
      <img
        className="kassa-support-card__image"
        src={illustration}
        alt=""
        width="160"
        height="120"
        loading="lazy"
      />
      <div className="kassa-support-card__body">
        <h3 className="kassa-support-card__title">{title}</h3>
        <p className="kassa-support-card__text">{text}</p>
        <div className="kassa-support-card__action">{action}</div>
      </div>
    </article>
  );
}
