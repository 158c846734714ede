import type { Preview } from '@storybook/react-vite';
import '../src/styles/app.css';

/** axe-core tags of the WCAG 2.0, 2.1 and 2.2 success criteria at levels A and AA. */
export const wcag22aaTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const preview: Preview = {
  tags: ['autodocs'],
  parameters: {
    // Page stories are whole pages of the application (the form components' stories set 'padded').
    layout: 'fullscreen',
    a11y: {
      options: { runOnly: { type: 'tag', values: wcag22aaTags } },
      // A violation fails the story (in the Storybook test panel and in test/stories).
      test: 'error',
    },
    docs: {
      // Each page owns the document (title, focus, scroll, modal dialogs): give it its own iframe on docs pages
      // (the form components' stories render inline).
      story: { inline: false, iframeHeight: 720 },
    },
  },
};

export default preview;
