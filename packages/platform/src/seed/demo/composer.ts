import { imageValue } from './images.js';

/** One item of a composer field (`contentPage.body`). */
export interface ComposerItem {
  type: 'heading' | 'markup' | 'quote' | 'image';
  value: unknown;
}

/** A heading item. */
export const heading = (text: string): ComposerItem => ({ type: 'heading', value: text });

/** A rich-text item; `html` is trusted markup written by the seed. */
export const markup = (html: string): ComposerItem => ({ type: 'markup', value: html });

/** A quotation with its source. */
export const quote = (text: string, source: string): ComposerItem => ({
  type: 'quote',
  value: { text, source },
});

/** A picture from the image library, with its own alt text and caption. */
export const picture = (key: string, altText: string, caption: string): ComposerItem => ({
  type: 'image',
  value: imageValue(key, { altText, caption }),
});
