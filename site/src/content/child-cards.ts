import type { RouteNode } from '@canopy/web';
import { type CardData, cardOfEntry } from './cards.js';

// Apart from cards.ts, which every page's first load carries (the search configuration and the
// mappings read its field list): only a section page lists its child nodes.

/** The card of a child node: its entry at the node's path; null for a node without a readable entry (a draft). */
export function cardOfNode(node: RouteNode): CardData | null {
  const card = node.entry ? cardOfEntry(node.entry, node.path) : null;
  return card && !card.title ? { ...card, title: node.displayName } : card;
}

/** The cards of child nodes that have an entry to show (drafts have none on the public site). */
export function childCards(children: readonly RouteNode[] | undefined): CardData[] {
  return (children ?? []).map(cardOfNode).filter((card): card is CardData => card !== null);
}
