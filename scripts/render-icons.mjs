// Renders the site's raster icons and share cards from its SVGs, once, with the Chromium the
// end-to-end tests use; the results are committed in public/ (no image tool at runtime):
//
//   node scripts/render-icons.mjs
//
// - favicon.ico (16, 32 and 48 px, PNG inside), icon-192.png, icon-512.png (the mark with its
//   rounded tile), apple-touch-icon.png (180 px, square and opaque: iOS rounds it itself);
// - share-{type}.png, 1200 x 630: the mark, the word mark and the illustration of a page type,
//   for pages whose own share image is not a PNG or JPEG (the large social networks show no SVG).
import { chromium } from '@playwright/test';
import { readFileSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const ROOT = path.resolve(import.meta.dirname, '..');
const PUBLIC = path.join(ROOT, 'public');
const UPLOADS = path.join(ROOT, 'content', 'uploads');
const mark = readFileSync(path.join(PUBLIC, 'favicon.svg'), 'utf8');
const squareMark = mark.replace('rx="14"', 'rx="0"');

/** Each page type's share card: its illustration (from the embedded content's uploads). */
export const SHARE_CARDS = {
  default: 'hero-samen.svg',
  blog: 'blog-nieuws.svg',
  academy: 'academy-boek.svg',
  vacancies: 'jongerenwerker.svg',
  groups: 'kaart-locaties.svg',
  test: 'test-vragen.svg',
  event: 'event-podium.svg',
};

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const work = mkdtempSync(path.join(tmpdir(), 'joinus-icons-'));

async function render(html, width, height, { transparent = false } = {}) {
  const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1 });
  const file = path.join(work, `page-${width}x${height}.html`);
  writeFileSync(file, `<!doctype html><meta charset="utf-8"><style>html,body{margin:0;width:${width}px;height:${height}px;overflow:hidden;background:${transparent ? 'transparent' : '#fff'}}svg{display:block}</style>${html}`);
  await page.goto(pathToFileURL(file).href);
  const png = await page.screenshot({ type: 'png', omitBackground: transparent, clip: { x: 0, y: 0, width, height } });
  await page.close();
  return png;
}

const sized = (svg, size) => svg.replace('<svg ', `<svg width="${size}" height="${size}" `);

/** An ICO file holding PNG images (allowed since Windows Vista; every browser reads it). */
function ico(images) {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(images.length, 4);
  const entries = [];
  let offset = 6 + 16 * images.length;
  for (const { size, png } of images) {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2);
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4);
    entry.writeUInt16LE(32, 6);
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    entries.push(entry);
  }
  return Buffer.concat([header, ...entries, ...images.map((i) => i.png)]);
}

const small = [];
for (const size of [16, 32, 48]) small.push({ size, png: await render(sized(mark, size), size, size, { transparent: true }) });
writeFileSync(path.join(PUBLIC, 'favicon.ico'), ico(small));
for (const size of [192, 512]) writeFileSync(path.join(PUBLIC, `icon-${size}.png`), await render(sized(mark, size), size, size, { transparent: true }));
writeFileSync(path.join(PUBLIC, 'apple-touch-icon.png'), await render(sized(squareMark, 180), 180, 180));

for (const [type, illustration] of Object.entries(SHARE_CARDS)) {
  const image = pathToFileURL(path.join(UPLOADS, illustration)).href;
  const html = `
    <div style="display:flex;align-items:center;gap:56px;width:1200px;height:630px;box-sizing:border-box;padding:64px 72px;background:linear-gradient(135deg,#eef8f1,#fdf6e9);font-family:'DejaVu Sans',system-ui,sans-serif">
      <div style="flex:0 0 auto;display:flex;flex-direction:column;align-items:flex-start;gap:28px">
        ${sized(mark, 168)}
        <div style="font-size:104px;font-weight:800;letter-spacing:-2px;color:#1f6b3a;line-height:1">Join Us</div>
      </div>
      <img src="${image}" alt="" style="flex:1 1 auto;min-width:0;max-height:502px;object-fit:contain;border-radius:28px;box-shadow:0 12px 40px rgba(16,24,40,.12)">
    </div>`;
  writeFileSync(path.join(PUBLIC, `share-${type}.png`), await render(html, 1200, 630));
}

await browser.close();
console.log(`icons and ${Object.keys(SHARE_CARDS).length} share cards written to ${path.relative(ROOT, PUBLIC)}/`);
