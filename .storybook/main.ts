import type { StorybookConfig } from '@storybook/react-vite';
import type { PluginOption } from 'vite';

/** The application build's page plugins (config/page-plugins.ts, build-info): they shape `dist/`, not Storybook's output. */
const applicationBuildOnly = new Set(['prerender-pages', 'precompress-assets', 'build-info']);

function withoutApplicationBuildPlugins(plugins: PluginOption[] | undefined): PluginOption[] {
  return (plugins ?? []).flat(Infinity as 1).filter(
    (plugin) => !(plugin && typeof plugin === 'object' && 'name' in plugin && applicationBuildOnly.has(plugin.name)),
  );
}

/**
 * Storybook for the application's pages. The react-vite builder loads the project's `vite.config.ts`,
 * so `__CARRIER__` (src/shared/carrier.ts) is defined exactly as in the application build.
 */
const config: StorybookConfig = {
  framework: '@storybook/react-vite',
  stories: ['../stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y', '@storybook/addon-docs'],
  // The carrier logo (`/carrier-logo.svg`) and other public assets, served as the application serves them.
  staticDirs: ['../public'],
  core: { disableTelemetry: true },
  viteFinal: (viteConfig) => ({ ...viteConfig, plugins: withoutApplicationBuildPlugins(viteConfig.plugins) }),
};

export default config;
