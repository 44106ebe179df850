import { ConsentGate } from '@canopy/web';

/** Props of {@link VideoEmbed}. */
export interface VideoEmbedProps {
  youtubeId: string;
  /** The film's title (names the frame for screen readers). */
  title: string;
  /** What the placeholder says before marketing cookies are allowed; by default it names the film in English. */
  description?: string;
}

/**
 * A YouTube film, played from YouTube's privacy-enhanced domain. YouTube sets cookies when a
 * film plays, so the frame is only on the page once a visitor allows marketing cookies; until
 * then a placeholder offers to allow them.
 */
export function VideoEmbed({ youtubeId, title, description }: VideoEmbedProps) {
  return (
    <div className="video-embed">
      <ConsentGate
        category="marketing"
        description={
          description ??
          `“${title}” is played by YouTube, which sets marketing cookies. Allow them to watch it here.`
        }
      >
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${encodeURIComponent(youtubeId)}`}
          title={title}
          loading="lazy"
          allow="encrypted-media; picture-in-picture; fullscreen"
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </ConsentGate>
    </div>
  );
}
