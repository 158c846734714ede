/**
 * The Next benchmark's baseline: the steps as the app showed them, as static HTML in one page with
 * the app's stylesheet and no framework, switched by a few lines of DOM code that do what any
 * implementation of the spec must do on Next: hide the step, show the next one, give it its own URL
 * (`history.pushState`), scroll to the top and move focus to its heading. Each function that runs
 * in the page is self-contained: Playwright sends its source to the page (see in-page-timing.ts).
 */

/** Where the (empty) page is served from: written into the build only for the bench's run. */
export const plainStepsPagePath = '/bench/plain-steps.html';

/** The page the server serves: the app's stylesheets and an empty body the bench fills. */
export function plainStepsShell(stylesheets: readonly string[]): string {
  const links = stylesheets.map((href) => `<link rel="stylesheet" href="${href}">`).join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Plain HTML steps (benchmark baseline)</title>
${links}
</head>
<body></body>
</html>
`;
}

/**
 * The markup of the step the app shows now (the content of its root element): what is rendered only
 * (an element the page does not show is left out, with its content), with what the applicant entered
 * written into attributes (values, ticks, choices), so static HTML shows the same.
 */
export function captureShownStep(): string {
  const root = document.getElementById('root');
  if (!root) throw new Error('The app has no #root element.');
  const copy = root.cloneNode(true) as HTMLElement;
  const live = [...root.querySelectorAll<HTMLElement>('*')];
  const copied = [...copy.querySelectorAll<HTMLElement>('*')];
  // Options are displayed by their select, whatever their own style says.
  const notShown = (element: Element) => !(element instanceof HTMLOptionElement || element instanceof HTMLOptGroupElement) && getComputedStyle(element).display === 'none';
  live.forEach((element, index) => {
    const target = copied[index]!;
    if (element instanceof HTMLInputElement) {
      if (element.type === 'checkbox' || element.type === 'radio') target.toggleAttribute('checked', element.checked);
      else target.setAttribute('value', element.value);
    } else if (element instanceof HTMLSelectElement) {
      [...(target as HTMLSelectElement).options].forEach((option, optionIndex) => option.toggleAttribute('selected', element.options[optionIndex]?.selected ?? false));
    } else if (element instanceof HTMLTextAreaElement) {
      target.textContent = element.value;
    }
  });
  live.forEach((element, index) => {
    if (notShown(element)) copied[index]!.remove();
  });
  return copy.innerHTML;
}

/**
 * Puts the captured steps in the page, the first one shown and the others `hidden`, and installs
 * the switch: a click on the shown step's Get started or Next shows the following step.
 */
export function installPlainSteps(steps: readonly string[]): void {
  document.body.innerHTML = steps.map((html) => `<div class="plain-step" hidden>${html}</div>`).join('');
  const sections = [...document.querySelectorAll<HTMLElement>('.plain-step')];
  sections[0]!.hidden = false;
  let shown = 0;
  document.addEventListener('click', (event) => {
    const control = (event.target as Element).closest('a, button');
    const label = control?.textContent?.trim();
    if (!control || (label !== 'Next' && label !== 'Get started') || shown + 1 >= sections.length) return;
    event.preventDefault();
    sections[shown]!.hidden = true;
    shown += 1;
    const next = sections[shown]!;
    next.hidden = false;
    history.pushState(null, '', `#step-${shown}`);
    window.scrollTo(0, 0);
    next.querySelector<HTMLElement>('h1')?.focus({ preventScroll: true });
  });
}
