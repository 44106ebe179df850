import { Link } from '@canopy/web';
import type { ReactNode } from 'react';
import { type CardData, gridColumns } from '../content/cards.js';
import { inWords } from '../content/dates.js';
import { useText } from '../messages/words.js';
import { Image } from './Image.js';

/** How wide a card's picture is shown: a column of the card grid (at least 17rem), or the phone's width. */
const CARD_IMAGE_SIZES = '(min-width: 40rem) 25rem, 100vw';

/**
 * Shows a card's title and description: a listing searched for a term passes one that marks
 * the words it matched, so the highlighting code loads with the listing, not with every card.
 */
export type CardTextRenderer = (text: string) => ReactNode;

/**
 * A page as a card: picture, title (the link), date and category, description and short
 * facts. The whole card is clickable (the title link stretches over it in CSS), while the
 * accessible name of the link stays the title alone. Its words (a status, a category, a
 * study level or mode, a course length, a date's months and weekdays) are shown in the page's
 * words, so that every list of cards is in the page's language without each list knowing.
 */
export function Card({
  card,
  marks,
  priority = false,
}: {
  card: CardData;
  marks?: CardTextRenderer;
  /** The picture is the page's largest in the first screen: loaded at once, early (see {@link Image}). */
  priority?: boolean;
}) {
  const text = useText();
  return (
    <article className={`card card-${card.contentTypeId}`}>
      {/* The picture repeats what the title says, so it is decorative here. */}
      {card.image ? (
        <Image
          image={card.image}
          decorative
          className="card-image"
          sizes={CARD_IMAGE_SIZES}
          priority={priority}
        />
      ) : null}
      <div className="card-body">
        <h3 className="card-title">
          <Link to={card.path}>{marks ? marks(card.title) : card.title}</Link>
        </h3>
        {card.date || card.label || card.status ? (
          <p className="card-meta">
            {card.status ? <strong className="card-status">{text(card.status)}</strong> : null}
            {card.status && (card.date || card.label) ? ' · ' : null}
            {card.date ? <time dateTime={card.date.dateTime}>{inWords(card.date.text, text)}</time> : null}
            {card.date && card.label ? ' · ' : null}
            {card.label ? text(card.label) : null}
          </p>
        ) : null}
        {card.description ? (
          <p className="card-description">{marks ? marks(card.description) : card.description}</p>
        ) : null}
        {card.facts.length ? (
          <ul className="card-facts">
            {card.facts.map((fact) => (
              <li key={fact}>{text(fact)}</li>
            ))}
          </ul>
        ) : null}
      </div>
    </article>
  );
}

/**
 * Cards as a list, laid out as a responsive grid: in rows of four where rows of three would
 * leave one card alone at the end ({@link gridColumns}). A list that opens a page's first
 * screen passes `leadPicture`: the first card's picture is then likely the largest thing a
 * visitor sees first, so it loads at once with high priority instead of lazily.
 */
export function CardList({
  cards,
  id,
  marks,
  leadPicture = false,
}: {
  cards: readonly CardData[];
  id?: string;
  marks?: CardTextRenderer;
  leadPicture?: boolean;
}) {
  return (
    <ul id={id} className={gridColumns(cards.length) === 4 ? 'card-grid card-grid-4' : 'card-grid'}>
      {cards.map((card, index) => (
        <li key={card.path}>
          <Card card={card} marks={marks} priority={leadPicture && index === 0} />
        </li>
      ))}
    </ul>
  );
}
