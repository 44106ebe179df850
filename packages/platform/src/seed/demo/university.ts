/** Names and constants of the fictional university the demo site is about. */
export const UNIVERSITY = {
  name: 'Aberwen University',
  nameCy: 'Prifysgol Aberwen',
  city: 'Aberwen',
  /** Reserved `.example` TLD, so no address can reach a real mailbox. */
  emailDomain: 'aberwen.ac.example',
  founded: 1889,
  /** City centre on the Cardigan Bay coast (the city is invented; the coast is real). */
  centre: { lat: 52.2058, lon: -4.3004 },
} as const;

/** Project id of the demo site. */
export const DEMO_PROJECT_ID = 'website';

/** Languages of the demo project; the first is the primary one. */
export const DEMO_LANGUAGES = ['en-GB', 'cy'] as const;

/** Usernames of the invented editors who "own" demo entries. */
export const EDITORS = {
  web: 'ceri.jenkins',
  news: 'newsdesk',
  admissions: 'admissions.web',
  events: 'events.team',
  people: 'hr.profiles',
  media: 'media.library',
} as const;
