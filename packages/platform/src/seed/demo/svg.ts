import { createRandom, hashString, type Random } from './random.js';
import { escapeXml } from './text.js';

/** Colour schemes: deep background, lighter background, accent for shapes. */
const PALETTES: readonly (readonly [string, string, string])[] = [
  ['#0b3c5d', '#328cc1', '#d9b310'],
  ['#1d3b2a', '#4f7942', '#e8d8a0'],
  ['#3a1c4a', '#8e4a9a', '#f4c095'],
  ['#5b1f1f', '#c0504d', '#f7d08a'],
  ['#14325c', '#5da9e9', '#f0f4f8'],
  ['#263238', '#607d8b', '#ffcc80'],
  ['#0f4c5c', '#5f9ea0', '#fb8b24'],
  ['#2d2a4a', '#5c5aa6', '#9ee493'],
  ['#433520', '#a67c52', '#f2e3c6'],
  ['#123524', '#3e7b27', '#85a947'],
];

/** Options of {@link bannerSvg}. */
export interface BannerOptions {
  width: number;
  height: number;
  /** Large text on the picture. */
  label: string;
  /** Smaller line under the label. */
  caption?: string;
  /** Stable name the colours and shapes are derived from. */
  seed: string;
}

/**
 * A landscape picture as SVG text: a diagonal gradient, soft circles, two rolling hills and a
 * label. Everything is derived from `seed`, so the same name always draws the same picture.
 */
export function bannerSvg(options: BannerOptions): string {
  const { width, height, label, caption, seed } = options;
  const random = createRandom(hashString(seed));
  const [deep, light, accent] = random.pick(PALETTES);
  const id = `g${hashString(seed).toString(36)}`;
  const circles = Array.from({ length: 6 }, () => circle(random, width, height, accent)).join('');
  const fontSize = Math.round(height / 11);
  const captionText = caption
    ? `<text x="${Math.round(width * 0.06)}" y="${Math.round(height * 0.88)}" font-family="Helvetica, Arial, sans-serif" font-size="${Math.round(fontSize * 0.45)}" fill="#ffffff" fill-opacity="0.85">${escapeXml(caption)}</text>`
    : '';
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${escapeXml(label)}">`,
    `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${deep}"/><stop offset="1" stop-color="${light}"/></linearGradient></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#${id})"/>`,
    circles,
    hill(random, width, height, 0.62, '#ffffff', 0.12),
    hill(random, width, height, 0.72, deep, 0.55),
    `<text x="${Math.round(width * 0.06)}" y="${Math.round(height * 0.8)}" font-family="Georgia, 'Times New Roman', serif" font-size="${fontSize}" fill="#ffffff">${escapeXml(label)}</text>`,
    captionText,
    '</svg>',
  ].join('');
}

/**
 * A square head-and-shoulders silhouette on a gradient: a stand-in portrait that makes no
 * claim about what anyone looks like.
 */
export function portraitSvg(size: number, seed: string, label: string): string {
  const random = createRandom(hashString(seed));
  const [deep, light, accent] = random.pick(PALETTES);
  const id = `p${hashString(seed).toString(36)}`;
  const c = size / 2;
  const head = Math.round(size * 0.17);
  const headY = Math.round(size * 0.4);
  const shoulderTop = Math.round(size * 0.46);
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}" role="img" aria-label="${escapeXml(label)}">`,
    `<defs><radialGradient id="${id}" cx="0.3" cy="0.25" r="0.9"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${deep}"/></radialGradient></defs>`,
    `<rect width="${size}" height="${size}" fill="url(#${id})"/>`,
    `<circle cx="${Math.round(size * 0.82)}" cy="${Math.round(size * 0.18)}" r="${Math.round(size * 0.09)}" fill="${accent}" fill-opacity="0.35"/>`,
    `<circle cx="${c}" cy="${headY}" r="${head}" fill="#f5f1ea" fill-opacity="0.92"/>`,
    `<path d="M${Math.round(size * 0.18)} ${size} C${Math.round(size * 0.2)} ${shoulderTop} ${Math.round(size * 0.8)} ${shoulderTop} ${Math.round(size * 0.82)} ${size} Z" fill="#f5f1ea" fill-opacity="0.92"/>`,
    '</svg>',
  ].join('');
}

function circle(random: Random, width: number, height: number, colour: string): string {
  const r = Math.round(height * (0.05 + random.next() * 0.25));
  const cx = Math.round(random.next() * width);
  const cy = Math.round(random.next() * height * 0.6);
  const opacity = (0.08 + random.next() * 0.18).toFixed(2);
  return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${colour}" fill-opacity="${opacity}"/>`;
}

function hill(random: Random, width: number, height: number, level: number, fill: string, opacity: number) {
  const y = Math.round(height * level);
  const peak = Math.round(height * (level - 0.08 - random.next() * 0.1));
  const dip = Math.round(height * (level + random.next() * 0.06));
  return `<path d="M0 ${y} C${Math.round(width * 0.25)} ${peak} ${Math.round(width * 0.55)} ${dip} ${width} ${peak} L${width} ${height} L0 ${height} Z" fill="${fill}" fill-opacity="${opacity}"/>`;
}
