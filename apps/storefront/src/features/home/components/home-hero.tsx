import type { Organisation } from '@kassa/domain/contract/organisation';
import './home-hero.css';

/**
 * The top of home (decision 0142): the shop's headline, a line about what it
 * sells and its picture, from the organisation settings. Without a headline
 * the shop's name is the page heading, as before. The image box has its
 * size before the file arrives, so the offers below never move.
 */
export function HomeHero({ organisation }: { organisation: Organisation }) {
  const { title, text, image } = organisation.hero;
  if (!title && !text && !image) return <h1>{organisation.name}</h1>;
  return (
    <div className={image ? 'kassa-hero' : 'kassa-hero kassa-hero--plain'}>
      <div className="kassa-hero__panel">
        {title && <p className="kassa-hero__eyebrow">{organisation.name}</p>}
        <h1 className="kassa-hero__title">{title ?? organisation.name}</h1>
        {text && <p className="kassa-hero__text">{text}</p>}
      </div>
      {image && (
        <div className="kassa-hero__media">
          {/* Decorative: the headline beside it says what the shop is. */}
          <img
            className="kassa-hero__image"
            src={image}
            alt=""
            width={1600}
            height={640}
            fetchPriority="high"
          />
        </div>
      )}
    </div>
  );
}
