// Writes dist/client/build.json: the build id (the client compilation's hash), its time,
// the project root it was built in (module ids in the SSR manifest are made relative to it),
// and the entry files per entrypoint, which the server turns into <script>/<link> tags and
// publishes as /builds/latest.json so open tabs notice a new deploy.
import webpack from 'webpack';

export class BuildInfoPlugin {
  apply(compiler) {
    compiler.hooks.thisCompilation.tap('BuildInfo', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'BuildInfo', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const entrypoints = {};
        for (const [name, ep] of compilation.entrypoints) {
          const files = ep.getFiles();
          entrypoints[name] = { js: files.filter((f) => f.endsWith('.js')), css: files.filter((f) => f.endsWith('.css')) };
        }
        const info = { id: compilation.hash.slice(0, 12), timestamp: Date.now(), mode: compiler.options.mode, root: compiler.context, entrypoints };
        compilation.emitAsset('build.json', new webpack.sources.RawSource(JSON.stringify(info, null, 2)));
      });
    });
  }
}
