#!/usr/bin/env node
// Draws the app's icons: a Red general (帥) disc on a board-coloured ground, in the light theme's colours
// (crates/view/src/theme.rs), as SVG, and renders them to PNG through the system Chromium (playwright-core), so that the
// PNGs do not depend on the viewer's fonts. The PNGs are committed in www/public/ (run this again after changing
// the drawing): icon-192.png, icon-512.png (purpose "any": rounded ground, transparent corners),
// icon-maskable-512.png (full-bleed ground, the disc inside the maskable safe zone: a circle of 40% radius),
// apple-touch-icon.png (180, full bleed: iOS rounds the corners itself), favicon-32.png and favicon.ico (the
// 32 px PNG in an ICO container), and icon.svg (the "any" drawing itself).
// Usage: node scripts/make-icons.mjs
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { launch } from '../tests/support/browser.mjs';

const out = join(dirname(fileURLToPath(import.meta.url)), '..', 'www', 'public');
const C = { ground: '#e9c487', line: '#5a3a1c', face: '#fbf1dc', edge: '#a8772f', ink: '#c0221b' };
const FONT = "'WenQuanYi Zen Hei', 'Noto Sans CJK SC', 'Noto Serif CJK SC', 'PingFang SC', 'Microsoft YaHei', serif";

/** The icon on a 512 unit square: `full` bleeds the ground to the edges; `disc` is the disc's radius. */
function svg({ full, disc }) {
  const c = 256;
  const ground = full ? `<rect width="512" height="512" fill="${C.ground}"/>`
    : `<rect x="8" y="8" width="496" height="496" rx="104" fill="${C.ground}"/>`;
  // A few board lines behind the piece: the crossing it stands on, as a hint of the board.
  const step = disc * 1.05;
  const lines = [-1, 0, 1].map((k) => {
    const o = c + k * step;
    return `<line x1="${o}" y1="${c - 2 * step}" x2="${o}" y2="${c + 2 * step}"/>`
      + `<line x1="${c - 2 * step}" y1="${o}" x2="${c + 2 * step}" y2="${o}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
${ground}
<g stroke="${C.line}" stroke-width="${disc * 0.05}" stroke-linecap="round" opacity="0.55" clip-path="url(#g)">${lines}</g>
<clipPath id="g">${full ? '<rect width="512" height="512"/>' : '<rect x="8" y="8" width="496" height="496" rx="104"/>'}</clipPath>
<circle cx="${c}" cy="${c + disc * 0.04}" r="${disc}" fill="#000" opacity="0.18"/>
<circle cx="${c}" cy="${c}" r="${disc}" fill="${C.face}" stroke="${C.edge}" stroke-width="${disc * 0.05}"/>
<circle cx="${c}" cy="${c}" r="${disc * 0.84}" fill="none" stroke="${C.ink}" stroke-width="${disc * 0.045}"/>
<text x="${c}" y="${c}" dy="0.35em" text-anchor="middle" font-family="${FONT}" font-size="${disc * 1.1}"
  font-weight="bold" fill="${C.ink}">帥</text>
</svg>
`;
}

/** An ICO file holding one PNG image (the PNG-in-ICO form every current browser reads). */
function ico(png, size) {
  const head = Buffer.alloc(22);
  head.writeUInt16LE(0, 0); // reserved
  head.writeUInt16LE(1, 2); // type: icon
  head.writeUInt16LE(1, 4); // one image
  head.writeUInt8(size % 256, 6);
  head.writeUInt8(size % 256, 7);
  head.writeUInt8(0, 8); // no palette
  head.writeUInt8(0, 9);
  head.writeUInt16LE(1, 10); // colour planes
  head.writeUInt16LE(32, 12); // bits per pixel
  head.writeUInt32LE(png.length, 14);
  head.writeUInt32LE(22, 18); // offset of the image
  return Buffer.concat([head, png]);
}

const any = svg({ full: false, disc: 210 });
const maskable = svg({ full: true, disc: 158 }); // 158/256 = 62% of the half-size: inside the 80% safe circle
const touch = svg({ full: true, disc: 190 });
const browser = await launch();
const page = await browser.newPage();
// The SVG inline in a page (not an <img>), so that its text certainly uses the system's CJK font.
async function renderInline(text, size, transparent) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(`<!doctype html><html><body style="margin:0;background:transparent">
${text.replace('width="512" height="512"', `width="${size}" height="${size}" style="display:block"`)}</body></html>`);
  await page.evaluate(() => document.fonts.ready);
  return page.screenshot({ omitBackground: transparent, clip: { x: 0, y: 0, width: size, height: size } });
}
const files = {
  'icon-192.png': await renderInline(any, 192, true),
  'icon-512.png': await renderInline(any, 512, true),
  'icon-maskable-512.png': await renderInline(maskable, 512, false),
  'apple-touch-icon.png': await renderInline(touch, 180, false),
  'favicon-32.png': await renderInline(any, 32, true),
};
files['favicon.ico'] = ico(files['favicon-32.png'], 32);
files['icon.svg'] = Buffer.from(any);
await browser.close();
for (const [name, data] of Object.entries(files)) {
  writeFileSync(join(out, name), data);
  console.log(`${name.padEnd(24)} ${String(data.length).padStart(7)} bytes`);
}
