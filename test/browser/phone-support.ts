import { expect, type Page } from '@playwright/test';

/**
 * Layout checks at phone width, run in the page: horizontal overflow (WCAG 1.4.10 Reflow) and target
 * size (WCAG 2.5.8, minimum 24 × 24 CSS px, with its spacing and inline exceptions).
 */

export interface Offender {
  selector: string;
  width: number;
  height: number;
  right?: number;
}

export interface LayoutReport {
  viewportWidth: number;
  scrollWidth: number;
  /** Elements whose box reaches past the right edge of the viewport (and is not clipped by a scrolling ancestor inside it). */
  overflowing: Offender[];
  /** Targets under 24 × 24 px that no exception covers. */
  smallTargets: Offender[];
  /** How many targets were measured (so that an empty report means something). */
  targetsMeasured: number;
}

/** Measures the page as it is now. Runs in the browser: no closures over test code. */
function measureLayout(): LayoutReport {
  const minimum = 24;
  const viewportWidth = document.documentElement.clientWidth;

  const describe = (element: Element): string => {
    const parts: string[] = [];
    let current: Element | null = element;
    while (current && current !== document.body && parts.length < 4) {
      let part = current.tagName.toLowerCase();
      if (current.id && !/^[«:_r]/.test(current.id)) part += `#${current.id}`;
      const classes = [...current.classList].slice(0, 2);
      if (classes.length > 0) part += `.${classes.join('.')}`;
      const name = current.getAttribute('aria-label') ?? current.getAttribute('name');
      if (name && parts.length === 0) part += `[${current.hasAttribute('aria-label') ? 'aria-label' : 'name'}="${name.slice(0, 40)}"]`;
      parts.unshift(part);
      current = current.parentElement;
    }
    const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
    return `${parts.join(' > ')}${text ? ` "${text}"` : ''}`;
  };

  const isRendered = (element: Element): boolean => {
    const style = getComputedStyle(element);
    if (style.visibility === 'hidden' || style.display === 'none') return false;
    const rect = element.getBoundingClientRect();
    return rect.width > 0 && rect.height > 0 && element.getClientRects().length > 0;
  };

  /** Visually hidden text (the 1 px clip pattern) is there for screen readers, not laid out for eyes. */
  const isVisuallyHidden = (element: Element): boolean => {
    for (let current: Element | null = element; current; current = current.parentElement) {
      const style = getComputedStyle(current);
      if (style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)' || current.classList.contains('visually-hidden')) return true;
    }
    return false;
  };

  /** The nearest ancestor that clips horizontal overflow (its own box is then what counts). */
  const clippingAncestor = (element: Element): Element | null => {
    for (let current = element.parentElement; current && current !== document.documentElement; current = current.parentElement) {
      const overflowX = getComputedStyle(current).overflowX;
      if (overflowX !== 'visible') return current;
    }
    return null;
  };

  const overflowing: Offender[] = [];
  const open = document.querySelector('dialog[open]');
  const scope = open ?? document.body;
  for (const element of scope.querySelectorAll('*')) {
    if (!isRendered(element) || isVisuallyHidden(element)) continue;
    const rect = element.getBoundingClientRect();
    if (rect.right <= viewportWidth + 0.5) continue;
    const clip = clippingAncestor(element);
    if (clip && clip.getBoundingClientRect().right <= viewportWidth + 0.5) continue;
    overflowing.push({ selector: describe(element), width: Math.round(rect.width), height: Math.round(rect.height), right: Math.round(rect.right) });
  }

  // Targets: what a finger presses. A radio or checkbox is pressed through its label.
  const targetSelector = 'a[href], button, input:not([type="hidden"]), select, textarea, summary, [role="button"]';
  const targets = new Map<Element, Element>();
  for (const element of scope.querySelectorAll(targetSelector)) {
    if (open === null && element.closest('dialog:not([open])')) continue;
    let target: Element = element;
    if (element instanceof HTMLInputElement && (element.type === 'radio' || element.type === 'checkbox')) {
      const label = element.labels?.[0] ?? element.closest('label');
      if (label && isRendered(label)) {
        // The label and the control inside or next to it form one target: the smallest box around both that are shown.
        target = label.contains(element) ? label : (label.closest('.choice') ?? label);
      }
    }
    if (!isRendered(target) || isVisuallyHidden(target)) continue;
    targets.set(target, element);
  }

  const boxes = [...targets.keys()].map((target) => ({ target, rect: target.getBoundingClientRect() }));
  const undersized = (rect: DOMRect) => rect.width < minimum - 0.01 || rect.height < minimum - 0.01;

  /** WCAG 2.5.8 "Inline": a link in a sentence, its size set by the line of text around it. */
  const isInlineInText = (target: Element): boolean => {
    if (target.tagName !== 'A' || getComputedStyle(target).display !== 'inline') return false;
    let block: Element | null = target.parentElement;
    while (block && getComputedStyle(block).display === 'inline') block = block.parentElement;
    if (!block) return false;
    const own = (target.textContent ?? '').trim();
    const all = (block.textContent ?? '').replace(/\s+/g, ' ').trim();
    const around = all.replace(own, ' ').replace(/[^\p{L}\p{N}]+/gu, ' ').trim();
    // Running text: words of a sentence on the same line as the link (at least three).
    return around.split(' ').filter(Boolean).length >= 3;
  };

  const distanceToRect = (x: number, y: number, rect: DOMRect) => {
    const dx = Math.max(rect.left - x, 0, x - rect.right);
    const dy = Math.max(rect.top - y, 0, y - rect.bottom);
    return Math.hypot(dx, dy);
  };

  /** WCAG 2.5.8 "Spacing": a 24 px circle on the target's centre touches no other target nor another small target's circle. */
  const isSpaced = (target: Element, rect: DOMRect): boolean => {
    const x = rect.left + rect.width / 2;
    const y = rect.top + rect.height / 2;
    return boxes.every((other) => {
      if (other.target === target || other.target.contains(target) || target.contains(other.target)) return true;
      if (distanceToRect(x, y, other.rect) < minimum / 2) return false;
      if (undersized(other.rect)) {
        const ox = other.rect.left + other.rect.width / 2;
        const oy = other.rect.top + other.rect.height / 2;
        if (Math.hypot(x - ox, y - oy) < minimum) return false;
      }
      return true;
    });
  };

  const smallTargets: Offender[] = [];
  for (const { target, rect } of boxes) {
    if (!undersized(rect)) continue;
    if (isInlineInText(target) || isSpaced(target, rect)) continue;
    smallTargets.push({ selector: describe(target), width: Math.round(rect.width * 10) / 10, height: Math.round(rect.height * 10) / 10 });
  }

  return {
    viewportWidth,
    scrollWidth: document.documentElement.scrollWidth,
    overflowing,
    smallTargets,
    targetsMeasured: boxes.length,
  };
}

/** Nothing overflows the phone's width and every target is large enough (or excepted), with offenders named (soft: every route reports). */
export async function expectPhoneLayout(page: Page, where: string, width: number): Promise<void> {
  const report = await page.evaluate(measureLayout);
  const list = (offenders: Offender[]) =>
    offenders.map((offender) => `    ${offender.selector}: ${offender.width}×${offender.height}${offender.right ? `, right edge at ${offender.right}` : ''}`).join('\n');
  expect.soft(report.viewportWidth, `${where}: the viewport is ${width} px wide`).toBe(width);
  expect.soft(report.overflowing, `${where}: elements past the right edge (${width} px):\n${list(report.overflowing)}`).toEqual([]);
  expect.soft(report.scrollWidth, `${where}: no horizontal scrolling`).toBeLessThanOrEqual(width);
  expect.soft(report.smallTargets, `${where}: targets under 24×24 px:\n${list(report.smallTargets)}`).toEqual([]);
  expect.soft(report.targetsMeasured, `${where}: some targets were measured`).toBeGreaterThan(0);
}
