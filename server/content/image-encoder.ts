// How a photograph's copies are made (sharp, over libvips): one width of the ladder, one
// format. The same settings for the build (embedded content) and the server (uploads), so a
// copy is the same bytes wherever it was made. Chosen by measurement on the embedded photos
// (docs/decisions/007-photos-resized-by-the-site.md): AVIF at quality 50 with effort 3 is about
// 45% smaller than JPEG at the same look and takes half a second for 1280 px; effort 4 took
// four times longer for 5% less.
//
// Metadata is dropped (sharp's default): a phone's photo carries where it was taken. The
// orientation the camera wrote is applied first, so a portrait stays upright. Only photographs
// are copied (JPEG, PNG, WebP, read from the file itself): a drawing (SVG) or a PDF named like a
// photo is refused, never rasterised. The server runs this in a process of its own
// (encoder-process.ts); the build in its own workers.
import sharp, { type Sharp } from 'sharp';
import type { VariantFormat } from '../../src/routing/image-variants';

// libvips' own threads and cache: one thread an encode, nothing kept between encodes; the
// server keeps the results on disk, and its event loop must stay free for pages.
sharp.concurrency(1);
sharp.cache(false);

export const ENCODING_VERSION = 'v1';

function encoder(format: VariantFormat, image: Sharp): Sharp {
  switch (format) {
    case 'avif':
      return image.avif({ quality: 50, effort: 3 });
    case 'jpg':
      return image.jpeg({ quality: 72, mozjpeg: true, progressive: true });
    case 'png':
      return image.png({ compressionLevel: 9, effort: 7 });
  }
}

/** What sharp reads a photograph as (its `metadata().format`). */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp']);

/** A copy `width` pixels wide (never wider than the original) of the photograph at `input`. */
export async function encodeCopy(input: string, width: number, format: VariantFormat): Promise<Buffer> {
  const options = { sequentialRead: true, limitInputPixels: 100_000_000 };
  const { format: kind } = await sharp(input, options).metadata();
  if (!kind || !PHOTO_FORMATS.has(kind)) throw new Error(`not a photograph (${kind ?? 'unknown'}): no copies of it are made`);
  const image = sharp(input, options).rotate().resize({ width, withoutEnlargement: true });
  return encoder(format, image).toBuffer();
}

/** The width and height of an image file (after its orientation), or null when it is none. */
export async function imageSize(input: string): Promise<{ width: number; height: number } | null> {
  try {
    const meta = await sharp(input).metadata();
    if (!meta.width || !meta.height) return null;
    const turned = (meta.orientation ?? 1) >= 5;
    return turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
  } catch {
    return null;
  }
}
