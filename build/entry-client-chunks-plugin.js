// Client components bundled into an entry (build/webpack.config.js: the ones every page's
// layout renders) need no chunk of their own: once the entry runs they are there. The React
// plugin still lists the entry's file as their chunk in react-client-manifest.json, so each
// Flight row naming one would carry it, SSR would add a <script> for it and the browser would
// "load" it. This removes entry files from the manifest's chunk lists; it runs after the React
// plugin wrote the manifest.
import webpack from 'webpack';

const MANIFEST = 'react-client-manifest.json';

export class EntryClientChunksPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('EntryClientChunks', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'EntryClientChunks', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT + 1 }, () => {
        const asset = compilation.getAsset(MANIFEST);
        if (!asset) return;
        const entryFiles = new Set();
        for (const ep of compilation.entrypoints.values()) for (const file of ep.getFiles()) entryFiles.add(file);
        const manifest = JSON.parse(asset.source.source().toString());
        for (const entry of Object.values(manifest)) {
          const chunks = [];
          for (let i = 0; i < entry.chunks.length; i += 2) if (!entryFiles.has(entry.chunks[i + 1])) chunks.push(entry.chunks[i], entry.chunks[i + 1]);
          entry.chunks = chunks;
        }
        compilation.updateAsset(MANIFEST, new webpack.sources.RawSource(JSON.stringify(manifest, null, 2)));
      });
    });
  }
}
