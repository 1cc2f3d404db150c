// Presenter mode for a classroom: large type, high contrast, one idea per screen, stepped with
// the keyboard (→/PageDown/Space forward, ←/PageUp back, Home/End, Esc to leave; P to enter)
// through bandwidth → compute → roofline → decode is memory-bound (run the batch sweep live)
// → predictions beside an A100. Each screen shows the page's own section for that idea.

import { DECODE_DONE_EVENT } from '../decode/decode-section';
import { t } from '../i18n';
import { fmtInt } from '../i18n/numbers';
import { Chart } from '../shell/chartjs';
import { element } from '../shell/dom';
import type { Section } from '../shell/section';
import { sectionHeading } from '../shell/section-heading';
import { presenterFigure } from './presenter-figure';
import { SLIDES, type SlideId } from './presenter-slides';

export { SLIDES, type SlideId };

export interface PresenterView {
  /** Redraws the current screen's figure (the results changed). */
  refresh(): void;
  /** Redraws every word in the page's language. */
  relocalise(): void;
}

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName));

/** Chart text large enough for the back of a classroom, and back. */
function chartFont(size: number): void {
  if (Chart.defaults.font.size === size) return;
  Chart.defaults.font.size = size;
  for (const chart of Object.values(Chart.instances)) chart.update();
}

/** The keys that step through the screens: P enters; →/PageDown/Space, ←/PageUp, Home/End, Esc. */
function onKeys(index: () => number | null, go: (next: number | null) => void): void {
  document.addEventListener('keydown', (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey || isTyping(e.target)) return;
    const at = index();
    if (at === null) {
      if (e.key === 'p' || e.key === 'P') {
        e.preventDefault();
        go(0);
      }
      return;
    }
    const moves: Record<string, number | null> = {
      ArrowRight: at + 1,
      PageDown: at + 1,
      ' ': at + 1,
      ArrowLeft: at - 1,
      PageUp: at - 1,
      Home: 0,
      End: SLIDES.length - 1,
      Escape: null,
    };
    if (!(e.key in moves)) return;
    // Space on a focused button presses it, as usual.
    if (e.key === ' ' && e.target instanceof HTMLButtonElement) return;
    e.preventDefault();
    go(moves[e.key] ?? null);
  });
}

/**
 * The presenter bar in `bar`, headed by the screen's title; `figure` gives the screen's headline
 * number (or what to do to get one).
 */
export function setupPresenter(
  bar: HTMLElement,
  figure: (slide: SlideId) => string,
): PresenterView {
  const stepText = element<HTMLParagraphElement>('presenter-step');
  let index: number | null = null;
  const slideOn = () => (index === null ? null : (SLIDES[index] ?? SLIDES[0]));
  const heading = sectionHeading(bar, () => {
    const slide = slideOn();
    return slide === null ? '' : t().presenter.slides[slide.id].title;
  });
  const title = heading.element;
  // Focused on each new screen, and read out as it changes.
  title.tabIndex = -1;
  title.setAttribute('aria-live', 'polite');
  stepText.after(title);
  const idea = element<HTMLParagraphElement>('presenter-idea');
  const figureText = element<HTMLParagraphElement>('presenter-figure');
  const enterButton = element<HTMLButtonElement>('present');

  const render = () => {
    const body = document.body;
    chartFont(index === null ? 12 : 18);
    for (const s of document.querySelectorAll('main > section')) s.classList.remove('on-slide');
    if (index === null) {
      delete body.dataset.present;
      bar.hidden = true;
      return;
    }
    const slide = slideOn() ?? SLIDES[0];
    const m = t().presenter;
    body.dataset.present = slide.id;
    bar.hidden = false;
    for (const id of slide.sections) document.getElementById(id)?.classList.add('on-slide');
    stepText.textContent = m.step({ n: fmtInt(index + 1), total: fmtInt(SLIDES.length) });
    heading.retitle();
    idea.textContent = m.slides[slide.id].idea;
    figureText.textContent = figure(slide.id);
  };

  const go = (next: number | null) => {
    const entering = index === null && next !== null;
    index = next === null ? null : Math.min(SLIDES.length - 1, Math.max(0, next));
    render();
    window.scrollTo(0, 0);
    if (index !== null) title.focus();
    else if (!entering) enterButton.focus();
  };

  enterButton.addEventListener('click', () => go(0));
  element<HTMLButtonElement>('presenter-prev').addEventListener('click', () =>
    go((index ?? 0) - 1),
  );
  element<HTMLButtonElement>('presenter-next').addEventListener('click', () =>
    go((index ?? 0) + 1),
  );
  element<HTMLButtonElement>('presenter-exit').addEventListener('click', () => go(null));
  onKeys(() => index, go);

  if (new URLSearchParams(location.search).has('present')) go(0);
  return { refresh: () => index !== null && render(), relocalise: render };
}

export const presenterSection: Section = {
  id: 'presenter',
  mount(host, page) {
    const view = setupPresenter(host, (slide) => presenterFigure(slide, page));
    document.addEventListener(DECODE_DONE_EVENT, () => view.refresh());
    return { onDocument: () => view.refresh(), onLocale: () => view.relocalise() };
  },
};
