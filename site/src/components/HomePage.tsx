import { type EntryPageProps, Link, useMinilist, usePageLanguage, useSite } from '@canopy/web';
import { type CardData, cardOfEntry } from '../content/cards.js';
import { OPEN_DAYS_PATH } from '../content/events.js';
import { linkedEntries, textField, titleOf } from '../content/fields.js';
import type { HomePageEntry } from '../content/generated/content-types.js';
import { featuredNewsIds } from '../content/home-news.js';
import { imageOf } from '../content/images.js';
import { latestWithoutFeatured } from '../content/latest-news.js';
import { routeAddress } from '../content/route-address.js';
import { useText } from '../messages/words.js';
import { CardList } from './Card.js';
import { Image } from './Image.js';
import { Prose } from './Prose.js';
import { SearchForm } from './SearchForm.js';
import { VideoEmbed } from './VideoEmbed.js';

/** The film of the home page's film-night section (Big Buck Bunny on YouTube). */
export const FILM_NIGHT_VIDEO = 'aqz-KE-bpKQ';

const cardsOf = (entries: ReturnType<typeof linkedEntries>): CardData[] =>
  entries.map((entry) => cardOfEntry(entry)).filter((card): card is CardData => card !== null);

/**
 * The front page: the university's welcome with its hero picture and call to action, the
 * featured courses the editors chose, the latest news (a minilist searched with the page),
 * the stories the editors feature (never one of the latest again), and a search box.
 */
export function HomePage({ entry }: EntryPageProps<HomePageEntry>) {
  const text = useText();
  // The listings at their address in the page's language (`/cy/cyrsiau`), not by a redirect.
  const { routes } = useSite();
  const language = usePageLanguage();
  const allCourses = routeAddress(routes, '/courses', language);
  const allNews = routeAddress(routes, '/news', language);
  const openDays = routeAddress(routes, OPEN_DAYS_PATH, language);
  const latest = useMinilist('latestNews');
  if (!entry) return null;
  const latestCards = cardsOf(latestWithoutFeatured(latest?.results ?? [], featuredNewsIds(entry)));
  const hero = imageOf(entry.heroImage);
  const introduction = textField(entry, 'introduction');
  const callToAction = textField(entry, 'callToAction');
  const courses = cardsOf(linkedEntries(entry, 'featuredCourses'));
  const news = cardsOf(linkedEntries(entry, 'featuredNews'));
  return (
    <div className="home">
      <section className="home-hero">
        <div className="home-hero-text">
          <h1>{titleOf(entry)}</h1>
          {/* Straight after the heading: in the first screen of a phone, above the cookie popup. */}
          {callToAction ? (
            <p className="home-call-to-action">
              <Link className="button" to={openDays}>
                {callToAction}
              </Link>
            </p>
          ) : null}
          {introduction ? <Prose html={introduction} className="home-introduction" /> : null}
        </div>
        {hero ? (
          // Beside the introduction from 56em (a little under half the viewport), full width below.
          <Image image={hero} priority className="home-hero-image" sizes="(min-width: 56em) 45vw, 100vw" />
        ) : null}
      </section>

      {courses.length ? (
        <section className="home-section" aria-labelledby="featured-courses">
          <div className="section-heading">
            <h2 id="featured-courses">{text('Featured courses')}</h2>
            <Link to={allCourses}>{text('All courses')}</Link>
          </div>
          <CardList cards={courses} />
        </section>
      ) : null}

      {latestCards.length ? (
        <section className="home-section" aria-labelledby="latest-news">
          <div className="section-heading">
            <h2 id="latest-news">{text('Latest news')}</h2>
            <Link to={allNews}>{text('All news')}</Link>
          </div>
          <CardList cards={latestCards} />
        </section>
      ) : null}

      {news.length ? (
        <section className="home-section" aria-labelledby="featured-news">
          <div className="section-heading">
            <h2 id="featured-news">{text('In the news')}</h2>
            {latestCards.length ? null : <Link to={allNews}>{text('All news')}</Link>}
          </div>
          <CardList cards={news} />
        </section>
      ) : null}

      <section className="home-section home-film" aria-labelledby="film-night">
        <h2 id="film-night">{text('Film night at the students’ union')}</h2>
        <p>
          {text(
            'This term’s opening screening: Big Buck Bunny, the Blender Foundation’s open film (CC BY 3.0).',
          )}
        </p>
        <VideoEmbed
          youtubeId={FILM_NIGHT_VIDEO}
          title={text('Big Buck Bunny (Blender Foundation)')}
          description={text(
            '“Big Buck Bunny (Blender Foundation)” is played by YouTube, which sets marketing cookies. Allow them to watch it here.',
          )}
        />
      </section>

      <section className="home-section home-search" aria-labelledby="find-a-course">
        <h2 id="find-a-course">{text('Find a course')}</h2>
        <SearchForm label={text('Search for a course, a person or a story')} />
      </section>
    </div>
  );
}
