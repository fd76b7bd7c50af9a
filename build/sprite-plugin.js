// The drawings' sprite as a build asset: src/app/sprite.ts is run once when the config
// loads (through tsx, so the drawings stay TypeScript sources), its text is named by content
// hash (assets/sprite.<hash>.svg, like the scripts; unhashed in development) and the client
// compilation writes it, where the compression plugins add its .br and .gz.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';
import webpack from 'webpack';

const SOURCE = 'src/app/sprite.ts';

/** @returns {Promise<{ file: string, text: string, source: string }>} */
export async function spriteAsset(root, hashed) {
  const source = path.join(root, SOURCE);
  const { spriteDocument } = await tsImport(pathToFileURL(source).href, import.meta.url);
  const text = spriteDocument();
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 8);
  return { file: hashed ? `assets/sprite.${hash}.svg` : 'assets/sprite.svg', text, source };
}

export class SpritePlugin {
  constructor(sprite) {
    this.sprite = sprite;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap('Sprite', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'Sprite', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset(this.sprite.file, new webpack.sources.RawSource(this.sprite.text), { immutable: true });
      });
    });
  }
}
