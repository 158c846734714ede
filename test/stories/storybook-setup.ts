import { setProjectAnnotations } from '@storybook/react-vite';
import * as a11yAddonAnnotations from '@storybook/addon-a11y/preview';
import * as previewAnnotations from '../../.storybook/preview.tsx';

/**
 * The project annotations Storybook applies to every story: the a11y addon's (which runs axe-core after
 * each story and files the result in `Story.reporting`) and .storybook/preview.tsx (WCAG 2.2 AA rules).
 */
setProjectAnnotations([a11yAddonAnnotations, previewAnnotations]);

// Both the application's index.html and Storybook's iframe.html declare the page language; jsdom's blank
// document does not, and axe-core's html-has-lang (WCAG 3.1.1) checks the document, not the story.
document.documentElement.lang = 'en';
