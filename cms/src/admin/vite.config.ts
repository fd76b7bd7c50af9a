// The admin panel's build (Strapi 5 builds it with Vite and reads this file): the navigation
// plugin's menu screen shows each item's own site path (menu-site-paths.ts), and its new-item form
// starts attached to the menu (menu-item-defaults.ts). `strapi build`
// transforms the plugin's module; `strapi develop` pre-bundles it with esbuild first, so the
// same rewrite is given to esbuild too.
import { readFile } from 'node:fs/promises';
import { withNewItemsAttached } from './menu-item-defaults';
import { MENU_ADMIN_FILE, withSitePathsInMenuAdmin } from './menu-site-paths';

const rewrite = (code: string) => withNewItemsAttached(withSitePathsInMenuAdmin(code));

type Config = { plugins?: unknown[]; optimizeDeps?: { esbuildOptions?: { plugins?: unknown[] } } };

const vitePlugin = {
  name: 'joinus-menu-site-paths',
  enforce: 'pre' as const,
  transform(code: string, id: string) {
    return MENU_ADMIN_FILE.test(id.split('?')[0]!) ? { code: rewrite(code), map: null } : null;
  },
};

const esbuildPlugin = {
  name: 'joinus-menu-site-paths',
  setup(build: { onLoad(options: { filter: RegExp }, load: (args: { path: string }) => Promise<{ contents: string; loader: 'js' }>): void }) {
    build.onLoad({ filter: MENU_ADMIN_FILE }, async (args) => ({ contents: rewrite(await readFile(args.path, 'utf8')), loader: 'js' }));
  },
};

export default (config: Config): Config => ({
  ...config,
  plugins: [...(config.plugins ?? []), vitePlugin],
  optimizeDeps: {
    ...config.optimizeDeps,
    esbuildOptions: { ...config.optimizeDeps?.esbuildOptions, plugins: [...(config.optimizeDeps?.esbuildOptions?.plugins ?? []), esbuildPlugin] },
  },
});
