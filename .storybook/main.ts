import type { StorybookConfig } from '@storybook/react-vite';

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
};

export default config;
