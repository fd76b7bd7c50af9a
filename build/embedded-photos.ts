// The embedded content's photographs, copied at build time to every copy a page may link
// (src/routing/image-copies.ts: each slot's widths in AVIF and the original's own format, and the
// share copy), into dist/uploads/w<width>/<file>.<format>,
// where the server answers them from (server/content/media-variants.ts). Made with the
// server's own encoder, so a copy is the same bytes as one the server would make.
//
// Copies are kept between builds in node_modules/.cache/joinus-photos, by the original's
// content and the encoder's settings: only a new or changed photo costs encoding time.
import { createHash } from 'node:crypto';
import { cpus } from 'node:os';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { encodeCopy, ENCODING_VERSION, imageSize } from '../server/content/image-encoder';
import { prebuiltCopyPath } from '../server/content/media-variants';
import { linkedCopies } from '../src/routing/image-copies';
import type { VariantFormat, VariantWidth } from '../src/routing/image-variants';

const root = path.resolve(import.meta.dirname, '..');
const uploads = path.join(root, 'content/uploads');
const out = path.join(root, 'dist/uploads');
const cacheDir = path.join(root, 'node_modules/.cache/joinus-photos');
/** The media type the content service gives a file of each kind the site makes copies of. */
const RASTER: Record<string, string> = { '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp' };

async function main() {
  const started = Date.now();
  rmSync(out, { recursive: true, force: true });
  mkdirSync(cacheDir, { recursive: true });
  const jobs: Array<{ source: string; file: string; width: VariantWidth; format: VariantFormat; cached: string }> = [];
  for (const file of readdirSync(uploads).sort()) {
    const mime = RASTER[path.extname(file).toLowerCase()];
    if (!mime) continue;
    const source = path.join(uploads, file);
    const size = await imageSize(source);
    if (!size) throw new Error(`content/uploads/${file} is no image sharp can read`);
    const digest = createHash('sha256').update(readFileSync(source)).digest('hex').slice(0, 16);
    // Every copy a page may link of this photo (media-image.tsx and page-seo.ts ask the same).
    for (const { width, format } of linkedCopies({ url: `/uploads/${file}`, mime, ...size })) {
      jobs.push({ source, file, width, format, cached: path.join(cacheDir, `${digest}-${ENCODING_VERSION}-${width}.${format}`) });
    }
  }
  let made = 0;
  let bytes = 0;
  const queue = [...jobs];
  const worker = async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      if (!existsSync(job.cached)) {
        writeFileSync(job.cached, await encodeCopy(job.source, job.width, job.format));
        made++;
      }
      const target = prebuiltCopyPath(out, job);
      mkdirSync(path.dirname(target), { recursive: true });
      copyFileSync(job.cached, target);
      bytes += readFileSync(target).length;
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, cpus().length) }, worker));
  const photos = new Set(jobs.map((j) => j.file)).size;
  console.log(`embedded photos: ${photos} photos, ${jobs.length} copies (${made} encoded now), ${(bytes / 1024 / 1024).toFixed(1)} MB in dist/uploads, ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
