import type { MessageCatalogue } from './message-types.js';
import type { searchMessages as reference } from './search.en-GB.js';

/**
 * The framework's search words in Welsh, with the keys of search.en-GB.ts. Counts use Welsh's
 * plural categories where the numeral mutates its noun: "2 ganlyniad", "3 chanlyniad".
 */
export const searchMessages: MessageCatalogue<keyof typeof reference> = {
  'search.resultCount':
    '{count, plural, =0 {Dim canlyniadau} one {# canlyniad} two {# ganlyniad} few {# chanlyniad} many {# chanlyniad} other {# canlyniad}}',
  'search.results':
    '{count, plural, =0 {Dim canlyniadau} one {# canlyniad} two {# ganlyniad} few {# chanlyniad} many {# chanlyniad} other {# canlyniad}}',
  'search.forTerm': 'ar gyfer “{term}”',
  'search.showing': 'yn dangos {first, number}–{last, number}',
  'search.searching': 'Wrthi’n chwilio…',
  'search.unavailable': 'Nid yw’r chwilio ar gael ar hyn o bryd.',
  'search.notWorking': 'Mae’n ddrwg gennym, nid yw’r chwilio’n gweithio ar hyn o bryd.',
  'search.tryAgain': 'Rhowch gynnig arall arni',
  'search.noResults':
    'Does dim yn cyfateb i’ch chwiliad. Rhowch gynnig ar eiriau eraill neu lai o hidlyddion.',
  'search.sections': 'Adrannau’r chwilio',
  'search.count': '({count, number})',
  'search.searchFor': 'Chwilio am',
  'search.search': 'Chwilio',
  'search.sortBy': 'Trefnu yn ôl',
  'search.sort': 'Trefnu',
  'filters.apply': 'Defnyddio’r hidlyddion',
  'filters.clearAll': 'Clirio pob hidlydd',
  'filters.clear': 'Clirio',
  'filters.notLoaded': 'Nid oedd modd llwytho’r dewisiadau hyn.',
  'filters.loading': 'Wrthi’n llwytho’r dewisiadau…',
  'pager.label': 'Tudalennau o ganlyniadau',
  'pager.previous': 'Blaenorol',
  'pager.next': 'Nesaf',
  'pager.page': 'Tudalen',
  'pager.pageNumber': 'Tudalen {page}',
  'pager.pageOf': 'Tudalen {page} o {pages}',
  'pager.loadMore': 'Llwytho rhagor',
  'pager.loading': 'Wrthi’n llwytho…',
  'suggestions.label': 'Awgrymiadau',
  'suggestions.unavailable': 'Nid yw’r awgrymiadau ar gael ar hyn o bryd.',
  'suggestions.none': 'Dim awgrymiadau. Pwyswch Enter i chwilio.',
  'suggestions.count':
    '{count, plural, one {# awgrym} other {# awgrym}}. Defnyddiwch y saethau i fyny ac i lawr i ddewis un.',
};
