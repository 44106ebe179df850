import type { SeedEntry } from '../types.js';
import { EVENT_CATEGORIES, NEWS_CATEGORIES } from './content-types.js';
import { addDays, REFERENCE_DATE } from './dates.js';
import { demoEntryId } from './ids.js';
import { assetLink, type ImageValue } from './links.js';
import { facultyOf, SUBJECTS } from './subjects.js';
import { bannerSvg, portraitSvg } from './svg.js';
import { slugify } from './text.js';
import { EDITORS } from './university.js';

const BANNER = { width: 1200, height: 675 };
const PORTRAIT_SIZE = 600;

/** Number of stand-in portraits that staff profiles share. */
export const PORTRAIT_COUNT = 10;

interface ImageSpec {
  key: string;
  uri: string;
  title: string;
  description: string;
  altText: string;
  keywords: string[];
  label: string;
  caption?: string;
  portrait?: boolean;
}

const pageImages: [string, string, string, string][] = [
  [
    'home',
    'Aberwen by the sea',
    'The university seen from the harbour',
    'The campus on the hill above the harbour',
  ],
  ['about', 'About Aberwen', 'The main quadrangle in spring', 'Students crossing the main quadrangle'],
  [
    'history',
    'Since 1889',
    'The Old College in its first decade',
    'The Old College building with its clock tower',
  ],
  [
    'founders',
    'The founders',
    'Portrait gallery in the Old College',
    'A row of framed portraits in a panelled room',
  ],
  ['campus', 'Our campus', 'Penlan campus from the air', 'Campus buildings among trees on a hillside'],
  ['governance', 'Governance', 'The council chamber', 'A long table in the council chamber'],
  ['library', 'Library and Learning Centre', 'The reading room at night', 'Rows of desks under warm lamps'],
  ['members', 'Members area', 'The alumni lounge', 'Armchairs by a window overlooking the bay'],
];

/** Every image in the demo library, in a fixed order. Keys are how entries refer to them. */
const IMAGE_SPECS: readonly ImageSpec[] = [
  ...SUBJECTS.map(
    (subject): ImageSpec => ({
      key: `subject/${subject.id}`,
      uri: `/image-library/courses/${subject.id}.svg`,
      title: subject.name,
      description: `Banner for ${subject.noun} courses, news and events`,
      altText: `Illustration of hills under a coloured sky with the title ${subject.name}`,
      keywords: [subject.noun.toLowerCase(), facultyOf(subject).name.toLowerCase(), 'subject banner'],
      label: subject.name,
      caption: facultyOf(subject).name,
    }),
  ),
  ...NEWS_CATEGORIES.map(
    (category): ImageSpec => ({
      key: `news/${slugify(category)}`,
      uri: `/image-library/news/${slugify(category)}.svg`,
      title: `${category} news`,
      description: `Default picture for ${category.toLowerCase()} stories`,
      altText: `Illustration with the heading ${category}`,
      keywords: ['news', category.toLowerCase()],
      label: category,
      caption: 'News from Aberwen University',
    }),
  ),
  ...EVENT_CATEGORIES.map(
    (category): ImageSpec => ({
      key: `event/${slugify(category)}`,
      uri: `/image-library/events/${slugify(category)}.svg`,
      title: `${category} events`,
      description: `Default picture for ${category.toLowerCase()} listings`,
      altText: `Illustration with the heading ${category}`,
      keywords: ['events', category.toLowerCase()],
      label: category,
      caption: "What's on at Aberwen",
    }),
  ),
  ...pageImages.map(
    ([key, label, title, altText]): ImageSpec => ({
      key: `page/${key}`,
      uri: `/image-library/pages/${key}.svg`,
      title,
      description: `Page banner: ${title.toLowerCase()}`,
      altText,
      keywords: ['campus', key],
      label,
    }),
  ),
  ...Array.from(
    { length: PORTRAIT_COUNT },
    (_, i): ImageSpec => ({
      key: `portrait/${i + 1}`,
      uri: `/image-library/people/portrait-${String(i + 1).padStart(2, '0')}.svg`,
      title: `Profile placeholder ${i + 1}`,
      description: 'Neutral silhouette used until a staff photo is supplied',
      altText: 'Silhouette of a head and shoulders',
      keywords: ['profile', 'placeholder'],
      label: `Profile placeholder ${i + 1}`,
      portrait: true,
    }),
  ),
];

const SPECS_BY_KEY = new Map(IMAGE_SPECS.map((spec) => [spec.key, spec]));

/** Id of the image entry with the given key. */
export function imageId(key: string): string {
  if (!SPECS_BY_KEY.has(key)) throw new Error(`Unknown demo image ${key}`);
  return demoEntryId('image', key);
}

/**
 * An image field value pointing at the library image `key`. The alt text defaults to the
 * image's own; pass one when the picture plays a different role on the page.
 */
export function imageValue(key: string, options: { altText?: string; caption?: string } = {}): ImageValue {
  const spec = SPECS_BY_KEY.get(key);
  if (!spec) throw new Error(`Unknown demo image ${key}`);
  const value: ImageValue = { asset: assetLink(imageId(key)), altText: options.altText ?? spec.altText };
  if (options.caption) value.caption = options.caption;
  return value;
}

/** Welsh alt text of the page banners, by page image key (the pictures carry no words). */
const PAGE_ALT_TEXT_CY: Record<string, string> = {
  home: 'Y campws ar y bryn uwchben yr harbwr',
  about: 'Myfyrwyr yn cerdded ar draws y prif sgwâr',
  history: 'Adeilad yr Hen Goleg gyda’i dŵr cloc',
  founders: 'Rhes o bortreadau mewn fframiau mewn ystafell â phaneli pren',
  campus: 'Adeiladau’r campws ymhlith coed ar lethr',
  governance: 'Bwrdd hir yn siambr y cyngor',
  library: 'Rhesi o ddesgiau dan lampau cynnes',
  members: 'Cadeiriau esmwyth wrth ffenestr sy’n edrych dros y bae',
};

/**
 * Welsh alt text of a library image. Banners show their English label, so the Welsh text
 * quotes it as it appears rather than translating words the picture does not contain.
 */
export function welshAltText(key: string): string {
  const spec = SPECS_BY_KEY.get(key);
  if (!spec) throw new Error(`Unknown demo image ${key}`);
  if (spec.portrait) return 'Amlinell pen ac ysgwyddau';
  if (key.startsWith('subject/')) return `Darlun o fryniau dan awyr liwgar gyda’r teitl “${spec.label}”`;
  if (key.startsWith('news/') || key.startsWith('event/')) return `Darlun gyda’r pennawd “${spec.label}”`;
  const page = PAGE_ALT_TEXT_CY[key.slice('page/'.length)];
  if (!page) throw new Error(`No Welsh alt text for ${key}`);
  return page;
}

/** {@link imageValue} for a Welsh variation: the image's Welsh alt text unless one is given. */
export function imageValueCy(key: string, options: { altText?: string; caption?: string } = {}): ImageValue {
  return imageValue(key, { ...options, altText: options.altText ?? welshAltText(key) });
}

/** The image asset entries with their SVG files. */
export function imageEntries(): SeedEntry[] {
  return IMAGE_SPECS.map((spec, i) => {
    const created = addDays(REFERENCE_DATE, -400 + i * 3, 10);
    const width = spec.portrait ? PORTRAIT_SIZE : BANNER.width;
    const height = spec.portrait ? PORTRAIT_SIZE : BANNER.height;
    const svg = spec.portrait
      ? portraitSvg(PORTRAIT_SIZE, spec.key, spec.altText)
      : bannerSvg({ ...BANNER, label: spec.label, caption: spec.caption, seed: spec.key });
    return {
      id: imageId(spec.key),
      contentTypeId: 'image',
      dataFormat: 'asset',
      owner: EDITORS.media,
      created,
      modified: created,
      includeInSearch: true,
      variations: {
        'en-GB': {
          published: true,
          fields: {
            title: spec.title,
            description: spec.description,
            altText: spec.altText,
            keywords: spec.keywords,
          },
        },
      },
      asset: { uri: spec.uri, mimeType: 'image/svg+xml', content: svg, width, height },
    };
  });
}

/** Public URI of the demo's plain-text document (linked from the members page). */
export const HANDBOOK_URI = '/asset-library/documents/student-handbook-summary.txt';

const HANDBOOK_TEXT = `Aberwen University — Student handbook 2026/27 (summary)

Term dates
  Autumn term: 21 September to 11 December 2026
  Spring term: 11 January to 26 March 2027
  Summer term: 19 April to 11 June 2027

Getting help
  The Student Hub in the Library and Learning Centre is open every weekday from 8.30am to 6pm.
  Out of hours, campus security can be reached from any university phone on extension 2222.

Your student card
  Carry your card on campus. It opens the library, the sports village and your hall of residence.
  A lost card can be replaced at the Student Hub for a small fee.

Welsh language
  You may submit assessed work in Welsh or English. Tell your department early if you plan to
  write in Welsh so that a Welsh-speaking marker can be arranged.
`;

/** The document asset entry: a plain-text file served from the asset library. */
export function documentEntries(): SeedEntry[] {
  const created = addDays(REFERENCE_DATE, -20, 11);
  return [
    {
      id: demoEntryId('document', 'student-handbook-summary'),
      contentTypeId: 'document',
      dataFormat: 'asset',
      owner: EDITORS.web,
      created,
      modified: created,
      includeInSearch: true,
      variations: {
        'en-GB': {
          published: true,
          fields: {
            title: 'Student handbook 2026/27 (summary)',
            description: 'Term dates, where to get help and other essentials for the coming year',
          },
        },
      },
      asset: { uri: HANDBOOK_URI, mimeType: 'text/plain', content: HANDBOOK_TEXT },
    },
  ];
}
